import type { IdentityProviderConfig, SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../store/types.js';
import { emitMemberEvent, findMemberByEmail, findMemberById, insertMember, type Member } from '../../members/index.js';
import { adoptUnverifiedAccount } from '../account-linking.js';
import { isEmail } from '../common.js';
import { emailNeedsConfirmation } from '../../security/index.js';
import { mailProviderLinked } from './link-mail.js';
import { findProviderIdentity, insertProviderIdentity, touchProviderIdentity } from './store.js';

/** The claims of a verified ID token this module reads. */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

export type Resolution =
  | { kind: 'member'; member: Member; created: boolean; linked: boolean; adopted: boolean }
  /** The address belongs to a member this identity may not join on its own: sign in first, then connect. */
  | { kind: 'account-exists'; email: string }
  | { kind: 'no-email' }
  /** The provider's address is read as another one (security/email-key.ts, audit S-8): never linked or created. */
  | { kind: 'lookalike-email'; email: string; normalizedEmail: string };

// Apple and some UserInfo endpoints send the flag as a string: "true" is verified, "false" (like anything else) is not.
const verifiedEmail = (claims: ProviderClaims) => claims.email_verified === true || claims.email_verified === 'true';

const name = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined);

/**
 * The member a provider identity signs in as (issue #15, the linking rules):
 * - an identity (issuer + sub) seen before is its member, whatever its email says today;
 * - a new identity whose address has a member joins it only when the provider verified the address AND
 *   the provider is trusted to link by it; an unverified password account is adopted first (pre-hijacking
 *   defence: the squatter's password and sessions end), and the member is mailed about the link (audit
 *   S-7); otherwise the shopper must sign in and connect;
 * - otherwise a new member under the site's policies, its address verified when the provider says so.
 * Runs in the caller's transaction: the link exists only if the whole sign-in commits.
 */
export async function resolveMember(
  tx: Queryable,
  ctx: AppContext,
  input: {
    site: SiteConfig;
    idp: IdentityProviderConfig;
    issuer: string;
    claims: ProviderClaims;
    visitorId: string | undefined;
    now: number;
  },
): Promise<Resolution> {
  const { site, idp, issuer, claims, now } = input;
  const known = await findProviderIdentity(tx, site.id, issuer, claims.sub);
  if (known) {
    const member = await findMemberById(tx, site.id, known.memberId);
    if (member) {
      await touchProviderIdentity(tx, site.id, issuer, claims.sub, now);
      return { kind: 'member', member, created: false, linked: false, adopted: false };
    }
  }
  const email = typeof claims.email === 'string' && isEmail(claims.email) ? claims.email.trim() : undefined;
  if (!email) return { kind: 'no-email' };
  // Nobody is there to confirm what the address is read as, and linking or creating by it would reach or
  // squat the account of the address it stands for (`\u212Aate@…` is `kate@…`).
  const normalizedEmail = emailNeedsConfirmation(email);
  if (normalizedEmail) return { kind: 'lookalike-email', email, normalizedEmail };
  const verified = verifiedEmail(claims);
  const link = (memberId: string) =>
    insertProviderIdentity(tx, {
      siteId: site.id,
      issuer,
      subject: claims.sub,
      memberId,
      idpConnectionId: idp.id,
      email,
      now,
    });

  const existing = await findMemberByEmail(tx, site.id, email);
  if (existing) {
    if (!verified || !idp.linkByVerifiedEmail) return { kind: 'account-exists', email: existing.email };
    const adoption = await adoptUnverifiedAccount(tx, ctx, {
      siteId: site.id,
      memberId: existing.id,
      reason: 'account-adopted',
      now,
    });
    if (!(await link(existing.id))) throw new ConcurrentSignIn();
    // Nobody asked the member: tell them what was linked, when, and how to undo it (audit S-7).
    await mailProviderLinked(tx, { site, idp, member: adoption.member, now });
    return { kind: 'member', member: adoption.member, created: false, linked: true, adopted: adoption.adopted };
  }
  const profile: Record<string, unknown> = {};
  if (name(claims.given_name)) profile.firstName = name(claims.given_name);
  if (name(claims.family_name)) profile.lastName = name(claims.family_name);
  const member = await insertMember(tx, {
    siteId: site.id,
    email,
    passwordHash: null,
    emailVerified: verified,
    approved: site.policies.memberApproval !== 'manual',
    profile,
    visitorId: input.visitorId,
    now,
  });
  if (!member || !(await link(member.id))) throw new ConcurrentSignIn();
  await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, member, type: 'member.created', now });
  return { kind: 'member', member, created: true, linked: true, adopted: false };
}

/** Two first sign-ins of the same identity or address at once: the loser's transaction rolls back. */
export class ConcurrentSignIn extends Error {
  constructor() {
    super('another sign-in created this account a moment ago');
    this.name = 'ConcurrentSignIn';
  }
}
