import type { SitePolicies } from '../config/types.js';
import type { Member } from '../members/store.js';

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
  status: { name: 'PENDING' | 'ACTIVE' | 'BLOCKED'; reasons: string[] };
  factors: { factorId: string; type: 'PASSWORD'; status: 'ACTIVE' | 'REQUIRE_REENROLL' }[];
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

export function toWireIdentity(member: Member, policies: SitePolicies): WireIdentity {
  const reasons = statusReasons(member, policies);
  return {
    id: member.id,
    revision: String(member.revision),
    createdDate: member.createdAt.toISOString(),
    updatedDate: member.updatedAt.toISOString(),
    identityProfile: member.profile,
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: member.status === 'ACTIVE' && reasons.length ? 'PENDING' : member.status, reasons },
    factors: member.passwordHash
      ? [
          {
            factorId: `${member.id}-password`,
            type: 'PASSWORD',
            status: member.passwordResetRequired ? 'REQUIRE_REENROLL' : 'ACTIVE',
          },
        ]
      : [],
    connections: [],
    metadata: { tags: [] },
  };
}
