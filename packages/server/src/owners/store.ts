import { randomUUID } from 'node:crypto';
import { emailKey } from '../members/store.js';
import { randomToken, sha256 } from '../security/secrets.js';
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
});

/** One-time setup links last a day. */
export const SETUP_TTL_SECONDS = 24 * 3600;

export async function findOwnerByEmail(q: Queryable, email: string): Promise<Owner | undefined> {
  const { rows } = await q.query<OwnerRow>('select * from owners where email_key = $1', [emailKey(email)]);
  return rows[0] && toOwner(rows[0]);
}

export async function findOwnerById(q: Queryable, id: string): Promise<Owner | undefined> {
  const { rows } = await q.query<OwnerRow>('select * from owners where id = $1', [id]);
  return rows[0] && toOwner(rows[0]);
}

export async function listOwners(q: Queryable): Promise<Owner[]> {
  const { rows } = await q.query<OwnerRow>('select * from owners order by created_at, id');
  return rows.map(toOwner);
}

export async function countOwners(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number | string }>('select count(*) as n from owners');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds an owner, or gives an existing one a new setup link (and the role, when one is named). Returns
 * the setup token; only its hash is stored. The link replaces the password when followed.
 */
export async function inviteOwner(
  tx: Queryable,
  input: { email: string; role: OwnerRole | undefined; now: number },
): Promise<{ owner: Owner; token: string; created: boolean }> {
  const at = new Date(input.now);
  const inserted = await tx.query<OwnerRow>(
    `insert into owners (id, email, email_key, role, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (email_key) do nothing returning *`,
    [randomUUID(), input.email.trim(), emailKey(input.email), input.role ?? 'owner', at],
  );
  let row = inserted.rows[0];
  if (!row) {
    const updated = await tx.query<OwnerRow>(
      'update owners set role = coalesce($2, role), updated_at = $3 where email_key = $1 returning *',
      [emailKey(input.email), input.role ?? null, at],
    );
    row = updated.rows[0]!;
  }
  const token = randomToken();
  await tx.query(
    'insert into owner_setup_tokens (token_hash, owner_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sha256(token), row.id, at, new Date(input.now + SETUP_TTL_SECONDS * 1000)],
  );
  return { owner: toOwner(row), token, created: inserted.rows.length > 0 };
}

/** The owner a live setup token is for, without spending it. */
export async function findSetupOwner(q: Queryable, token: string, now: number): Promise<Owner | undefined> {
  const { rows } = await q.query<OwnerRow>(
    'select o.* from owner_setup_tokens t join owners o on o.id = t.owner_id where t.token_hash = $1 and t.expires_at > $2',
    [sha256(token), new Date(now)],
  );
  return rows[0] && toOwner(rows[0]);
}

/** Spends a setup token (single use): the owner it was for, or undefined when unknown, used or expired. */
export async function spendSetupToken(tx: Queryable, token: string, now: number): Promise<Owner | undefined> {
  const { rows } = await tx.query<{ owner_id: string }>(
    'delete from owner_setup_tokens where token_hash = $1 and expires_at > $2 returning owner_id',
    [sha256(token), new Date(now)],
  );
  return rows[0] ? findOwnerById(tx, rows[0].owner_id) : undefined;
}

/** A new password ends every session and every other setup link of the owner. */
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
  await tx.query('delete from owner_setup_tokens where owner_id = $1', [ownerId]);
  await tx.query('update owner_sessions set ended_at = $2 where owner_id = $1 and ended_at is null', [
    ownerId,
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
    createdDate: o.createdAt.toISOString(),
  };
}
