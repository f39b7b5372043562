import { invalidField } from '../http/errors.js';
import { requireConfirmedEmail } from '../members/email-key.js';
import type { Queryable } from '../store/types.js';
import { inviteOwner, OWNER_ROLES, type Owner, type OwnerRole } from './store.js';

/** What `vitrine owners add` and `POST /_admin/v1/owners` share: checked input, the owner, the link. */
export interface Invitation {
  owner: Owner;
  created: boolean;
  setupUrl: string;
  expiresDate: string;
}

// Owners are the server's operators: a dotless domain such as owner@localhost (the development owner) is fine.
const OWNER_EMAIL = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]{1,189}$/u;
export function isOwnerEmail(value: unknown): value is string {
  return typeof value === 'string' && OWNER_EMAIL.test(value.trim());
}

export function checkInvite(email: unknown, role: unknown): { email: string; role: OwnerRole | undefined } {
  if (!isOwnerEmail(email)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL');
  requireConfirmedEmail(email, 'email');
  if (role !== undefined && role !== null && !OWNER_ROLES.includes(role as OwnerRole)) {
    throw invalidField('role', `must be one of ${OWNER_ROLES.join(', ')}`, 'INVALID_ENUM');
  }
  return { email: email.trim(), role: (role ?? undefined) as OwnerRole | undefined };
}

export function setupUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/console/setup?token=${encodeURIComponent(token)}`;
}

export async function createInvitation(
  tx: Queryable,
  publicUrl: string,
  input: { email: string; role: OwnerRole | undefined },
  now: number,
): Promise<Invitation> {
  const { owner, token, created } = await inviteOwner(tx, { ...input, now });
  return {
    owner,
    created,
    setupUrl: setupUrlFor(publicUrl, token),
    expiresDate: new Date(now + 24 * 3600 * 1000).toISOString(),
  };
}
