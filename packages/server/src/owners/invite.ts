import { appError } from '../errors/catalogue.js';
import { invalidField } from '../errors/wire.js';
import { requireConfirmedEmail } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { ALL_SITES, inviteOwner, OWNER_ROLES, ownerRunsSite, type Owner, type OwnerRole } from './store.js';

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

export interface InviteInput {
  email: string;
  role: OwnerRole | undefined;
  /** Site ids, or `['*']` for every site; undefined: the inviter's default (invite.ts `sitesFor`). */
  siteIds: string[] | undefined;
}

export function checkInvite(
  email: unknown,
  role: unknown,
  siteIds: unknown,
  knownSite: (id: string) => boolean,
): InviteInput {
  if (!isOwnerEmail(email)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL');
  requireConfirmedEmail(email, 'email');
  if (role !== undefined && role !== null && !OWNER_ROLES.includes(role as OwnerRole)) {
    throw invalidField('role', `must be one of ${OWNER_ROLES.join(', ')}`, 'INVALID_ENUM');
  }
  if (siteIds !== undefined && siteIds !== null) {
    if (!Array.isArray(siteIds) || siteIds.length === 0 || siteIds.length > 100)
      throw invalidField('siteIds', 'must be a list of site ids (or ["*"] for every site)', 'INVALID_SITES');
    for (const id of siteIds)
      if (typeof id !== 'string' || (id !== ALL_SITES && !knownSite(id)))
        throw invalidField('siteIds', `has an unknown site "${String(id).slice(0, 100)}"`, 'UNKNOWN_SITE');
  }
  return {
    email: email.trim(),
    role: (role ?? undefined) as OwnerRole | undefined,
    siteIds: (siteIds ?? undefined) as string[] | undefined,
  };
}

/**
 * The sites an invitation gives: the server's admin key may give any (default: every site); an owner
 * manager only sites they run (default: theirs), else 403 OWNER_SITE_REFUSED.
 */
export function sitesFor(manager: Owner | undefined, siteIds: string[] | undefined): string[] {
  if (!manager) return siteIds ?? [ALL_SITES];
  if (!siteIds) return manager.sites;
  const allowed = siteIds.every((id) =>
    id === ALL_SITES ? manager.sites.includes(ALL_SITES) : ownerRunsSite(manager, id),
  );
  if (!allowed) throw appError('OWNER_SITE_REFUSED');
  return siteIds;
}

export function setupUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/console/setup?token=${encodeURIComponent(token)}`;
}

/**
 * A new owner, or a new link for one who has not set a password yet (only within the manager's sites).
 * An owner with a password gets 409 OWNER_EXISTS and nothing changes: their password, role, sites and
 * sessions stay, and no link is made.
 */
export async function createInvitation(
  tx: Queryable,
  publicUrl: string,
  input: InviteInput,
  manager: Owner | undefined,
  now: number,
): Promise<Invitation> {
  const sites = sitesFor(manager, input.siteIds);
  const result = await inviteOwner(tx, {
    email: input.email,
    role: input.role,
    sites,
    sitesNamed: input.siteIds !== undefined,
    now,
    mayReplace: (existing) =>
      !manager || manager.sites.includes(ALL_SITES) || existing.sites.every((id) => ownerRunsSite(manager, id)),
  });
  if (!result) throw appError('OWNER_EXISTS');
  return {
    owner: result.owner,
    created: result.created,
    setupUrl: setupUrlFor(publicUrl, result.token),
    expiresDate: new Date(now + 24 * 3600 * 1000).toISOString(),
  };
}
