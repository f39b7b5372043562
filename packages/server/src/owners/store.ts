import { randomUUID } from 'node:crypto';
import { emailKey, randomToken, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';

/**
 * Owner accounts (identity type WIX_USER): `owner` does everything and manages owners and keys,
 * `editor` collections and items, `support` members. The server checks the role on every call.
 */
export type OwnerRole = 'owner' | 'editor' | 'support';
export const OWNER_ROLES: readonly OwnerRole[] = ['owner', 'editor', 'support'];

export interface Owner {
  id: string;
  email: string;
  role: OwnerRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number;
  createdAt: Date;
  /** The sites this owner runs: site ids, or `['*']` for every site of the server (issue #26, S-14). */
  sites: string[];
}

interface OwnerRow {
  id: string;
  email: string;
  role: OwnerRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: number | string;
  created_at: Date | string;
  sites: string[] | null;
}

const toOwner = (r: OwnerRow): Owner => ({
  id: r.id,
  email: r.email,
  role: r.role,
  passwordHash: r.password_hash,
  totpSecret: r.totp_secret,
  totpEnabled: r.totp_enabled,
  totpLastStep: Number(r.totp_last_step),
  createdAt: new Date(r.created_at),
  sites: r.sites ?? [],
});

/** Stored for owners of every site (the server's operators). */
export const ALL_SITES = '*';

/** Every select of owners carries their sites. */
const OWNER = 'o.*, array(select s.site_id from owner_sites s where s.owner_id = o.id order by s.site_id) as sites';

/** The site ids an owner may act on, among the server's sites. */
export function ownerSiteIds(owner: Pick<Owner, 'sites'>, serverSites: readonly string[]): string[] {
  return owner.sites.includes(ALL_SITES) ? [...serverSites] : serverSites.filter((id) => owner.sites.includes(id));
}

export function ownerRunsSite(owner: Pick<Owner, 'sites'>, siteId: string): boolean {
  return owner.sites.includes(ALL_SITES) || owner.sites.includes(siteId);
}

/** One-time setup links last a day. */
export const SETUP_TTL_SECONDS = 24 * 3600;

export async function findOwnerByEmail(q: Queryable, email: string): Promise<Owner | undefined> {
  const { rows } = await q.query<OwnerRow>(`select ${OWNER} from owners o where o.email_key = $1`, [emailKey(email)]);
  return rows[0] && toOwner(rows[0]);
}

export async function findOwnerById(q: Queryable, id: string): Promise<Owner | undefined> {
  const { rows } = await q.query<OwnerRow>(`select ${OWNER} from owners o where o.id = $1`, [id]);
  return rows[0] && toOwner(rows[0]);
}

export async function listOwners(q: Queryable): Promise<Owner[]> {
  const { rows } = await q.query<OwnerRow>(`select ${OWNER} from owners o order by o.created_at, o.id`);
  return rows.map(toOwner);
}

export async function countOwners(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number | string }>('select count(*) as n from owners');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds an owner for `sites`, or gives an owner who has not set a password yet a new setup link (the
 * earlier ones stop working) and, when named, the role and sites. An owner with a password is never
 * touched: `undefined` (the caller answers OWNER_EXISTS), so no invite can replace a password (issue #26,
 * S-14). `mayReplace` decides for a pending owner (an owner manager may only re-invite within their sites).
 * Returns the setup token; only its hash is stored.
 */
export async function inviteOwner(
  tx: Queryable,
  input: {
    email: string;
    role: OwnerRole | undefined;
    /** For a new owner; for a pending one only when `sitesNamed` (else theirs stay). */
    sites: readonly string[];
    sitesNamed: boolean;
    now: number;
    mayReplace: (existing: Owner) => boolean;
  },
): Promise<{ owner: Owner; token: string; created: boolean } | undefined> {
  const at = new Date(input.now);
  const inserted = await tx.query<{ id: string }>(
    `insert into owners (id, email, email_key, role, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (email_key) do nothing returning id`,
    [randomUUID(), input.email.trim(), emailKey(input.email), input.role ?? 'owner', at],
  );
  let id = inserted.rows[0]?.id;
  if (id) {
    await setOwnerSites(tx, id, input.sites);
  } else {
    // Locked, so a setup completing at the same time is seen here (or sees this link gone).
    const { rows } = await tx.query<{ id: string }>('select id from owners where email_key = $1 for update', [
      emailKey(input.email),
    ]);
    const existing = rows[0] && (await findOwnerById(tx, rows[0].id));
    if (!existing || existing.passwordHash !== null || !input.mayReplace(existing)) return undefined;
    id = existing.id;
    await tx.query('update owners set role = coalesce($2, role), updated_at = $3 where id = $1', [
      id,
      input.role ?? null,
      at,
    ]);
    if (input.sitesNamed) await setOwnerSites(tx, id, input.sites);
    await tx.query('delete from owner_setup_tokens where owner_id = $1', [id]);
  }
  const token = randomToken();
  await tx.query(
    'insert into owner_setup_tokens (token_hash, owner_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sha256(token), id, at, new Date(input.now + SETUP_TTL_SECONDS * 1000)],
  );
  return { owner: (await findOwnerById(tx, id))!, token, created: inserted.rows.length > 0 };
}

async function setOwnerSites(tx: Queryable, ownerId: string, sites: readonly string[]): Promise<void> {
  await tx.query('delete from owner_sites where owner_id = $1', [ownerId]);
  for (const siteId of new Set(sites)) {
    await tx.query('insert into owner_sites (site_id, owner_id) values ($1, $2)', [siteId, ownerId]);
  }
}

/**
 * The `purpose` of the link the first start prints (cli-owners.ts firstStartInvite); read as a setup link
 * (links.ts). It is in the start log, so it works only while no owner has a password (audit V5-13).
 */
export const FIRST_START_LINK = 'first-start';

/**
 * A new password ends every session and every unused link of the owner (spent ones stay, to say "used").
 * Whatever the route (setup or reset link, an invitation from the console, the admin API or the command),
 * an owner with a password means the console is someone's: the pending owner whose link the first start
 * printed is removed with that link (audit V5-13). An owner invites them again if they are wanted.
 */
export async function setOwnerPassword(
  tx: Queryable,
  ownerId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await tx.query('update owners set password_hash = $2, updated_at = $3 where id = $1', [
    ownerId,
    passwordHash,
    new Date(now),
  ]);
  await tx.query('delete from owner_setup_tokens where owner_id = $1 and used_at is null', [ownerId]);
  await tx.query('update owner_sessions set ended_at = $2 where owner_id = $1 and ended_at is null', [
    ownerId,
    new Date(now),
  ]);
  await tx.query(
    `delete from owners o where o.id <> $1 and o.password_hash is null and exists (
       select 1 from owner_setup_tokens t where t.owner_id = o.id and t.purpose = $2 and t.used_at is null)`,
    [ownerId, FIRST_START_LINK],
  );
}

/** The owner's sign-in address (the first start's link, or a confirmed change); its key follows. */
export async function setOwnerEmail(tx: Queryable, ownerId: string, email: string, now: number): Promise<void> {
  await tx.query('update owners set email = $2, email_key = $3, updated_at = $4 where id = $1', [
    ownerId,
    email,
    emailKey(email),
    new Date(now),
  ]);
}

export async function setTotp(
  tx: Queryable,
  ownerId: string,
  fields: { secret: string | null; enabled: boolean },
  now: number,
): Promise<void> {
  await tx.query(
    'update owners set totp_secret = $2, totp_enabled = $3, totp_last_step = 0, updated_at = $4 where id = $1',
    [ownerId, fields.secret, fields.enabled, new Date(now)],
  );
}

/** Records the time step of an accepted code; false when that step (or a later one) was used already. */
export async function claimTotpStep(q: Queryable, ownerId: string, step: number): Promise<boolean> {
  const { rowCount } = await q.query('update owners set totp_last_step = $2 where id = $1 and totp_last_step < $2', [
    ownerId,
    step,
  ]);
  return rowCount > 0;
}

export function ownerView(o: Owner) {
  return {
    id: o.id,
    email: o.email,
    role: o.role,
    twoFactor: o.totpEnabled,
    passwordSet: o.passwordHash !== null,
    sites: o.sites,
    createdDate: o.createdAt.toISOString(),
  };
}
