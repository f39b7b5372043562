import type { SiteConfig, SitePolicies } from '../config/types.js';
import type { Member } from '../members/index.js';
import type { Queryable } from '../store/types.js';
import { listFactors, type Factor } from './mfa/factors.js';
import type { EnrollableFactor } from './mfa/policy.js';
import { countryOf, maskPhone } from '../phone/numbers.js';

/** One entry of `identity.factors` (docs/wire-format.md §6.3): the wire's FactorType and factor Status names. */
export interface WireIdentityFactor {
  factorId: string;
  type: 'PASSWORD' | EnrollableFactor;
  status: 'ACTIVE' | 'REQUIRE_REENROLL';
}

/**
 * The wire Identity of docs/wire-format.md §6.3 (`id`, ISO dates, `identityProfile` in wire names).
 * Secrets (password hash, tokens) never appear; only what a member may see about themselves.
 */
export interface WireIdentity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  identityProfile: Record<string, unknown>;
  email: { address: string; isVerified: boolean };
  status: { name: 'PENDING' | 'ACTIVE' | 'BLOCKED' | 'OFFLINE'; reasons: string[] };
  factors: WireIdentityFactor[];
  connections: unknown[];
  metadata: { tags: string[] };
}

export function statusReasons(member: Member, policies: SitePolicies): string[] {
  const reasons: string[] = [];
  if (member.status === 'BLOCKED') return reasons;
  if (!member.approved) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  if (policies.emailVerification === 'required' && !member.emailVerified)
    reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED');
  return reasons;
}

/**
 * `secondFactors`: the member's ACTIVE second factors (`loadWireIdentity` reads them). A factor still
 * being set up (INACTIVE) is not listed: it cannot be used to sign in yet.
 */
export function toWireIdentity(
  member: Member,
  policies: SitePolicies,
  secondFactors: readonly Factor[] = [],
): WireIdentity {
  const reasons = statusReasons(member, policies);
  const factors: WireIdentityFactor[] = member.passwordHash
    ? [
        {
          factorId: `${member.id}-password`,
          type: 'PASSWORD',
          status: member.passwordResetRequired ? 'REQUIRE_REENROLL' : 'ACTIVE',
        },
      ]
    : [];
  for (const f of secondFactors)
    if (f.status === 'ACTIVE') factors.push({ factorId: f.id, type: f.type, status: 'ACTIVE' });
  return {
    id: member.id,
    revision: String(member.revision),
    createdDate: member.createdAt.toISOString(),
    updatedDate: member.updatedAt.toISOString(),
    identityProfile: withConfirmedPhones(member.profile, secondFactors),
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: member.status === 'ACTIVE' && reasons.length ? 'PENDING' : member.status, reasons },
    factors,
    connections: [],
    metadata: { tags: [] },
  };
}

/**
 * `phonesV2` shows the numbers the member confirmed for SMS or CALL codes (issue #32), masked and
 * tagged MOBILE, after the numbers of the member's own profile.
 */
function withConfirmedPhones(profile: Record<string, unknown>, factors: readonly Factor[]): Record<string, unknown> {
  const numbers = [
    ...new Set(factors.filter((f) => f.status === 'ACTIVE' && f.phoneNumber).map((f) => f.phoneNumber!)),
  ];
  if (!numbers.length) return profile;
  const own = Array.isArray(profile.phonesV2) ? profile.phonesV2 : [];
  const confirmed = numbers.map((n) => ({ countryCode: countryOf(n) ?? '', phone: maskPhone(n), tag: 'MOBILE' }));
  return { ...profile, phonesV2: [...own, ...confirmed] };
}

/**
 * The wire Identity with the member's active second factors read from `db`. A member read for a
 * password sign-in already says whether they have any (`hasActiveFactors`), which spares the read.
 */
export async function loadWireIdentity(db: Queryable, site: SiteConfig, member: Member): Promise<WireIdentity> {
  const secondFactors = member.hasActiveFactors === false ? [] : await listFactors(db, site.id, member.id, true);
  const identity = toWireIdentity(member, site.policies, secondFactors);
  if (identity.status.name === 'ACTIVE' && !identity.factors.length && !(await hasProviderLink(db, site.id, member.id)))
    identity.status = { name: 'OFFLINE', reasons: [] };
  return identity;
}

/**
 * OFFLINE (docs/members.md#identity-status), Wix's "offline member": active, but with no way to sign in by
 * themselves — no password, no second factor or passkey, no provider link. A member made by sign-on (the
 * backend vouches), by an import without a usable hash, or by an owner, until they set a password (recovery)
 * or connect a provider. Only the flows that read the member's credentials say so (this function).
 */
async function hasProviderLink(db: Queryable, siteId: string, memberId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from sso_identities where site_id = $1 and member_id = $2 limit 1', [
    siteId,
    memberId,
  ]);
  return rows.length > 0;
}
