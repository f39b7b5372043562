import { randomToken, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { findOwnerById, type Owner } from './store.js';

/**
 * One-time owner links (table owner_setup_tokens, migration 0078): `setup` sets a first password
 * (24 h, made by `vitrine owners add`, an invitation or the first start); `reset` replaces a forgotten
 * one (30 min, mailed by "Forgot password"). Only the token's SHA-256 is stored. A spent link keeps its
 * row with the time of use, so opening it again can say "used" rather than "invalid".
 */
export type LinkPurpose = 'setup' | 'reset';
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { setup: 24 * 3600, reset: 30 * 60 };

export type LinkState = 'live' | 'used' | 'expired';

export interface OwnerLink {
  owner: Owner;
  purpose: LinkPurpose;
  state: LinkState;
  expiresAt: Date;
}

interface LinkRow {
  owner_id: string;
  /** A LinkPurpose, or store.ts FIRST_START_LINK (a setup link the first start printed). */
  purpose: string;
  used_at: Date | string | null;
  expires_at: Date | string;
}

const purposeOf = (stored: string): LinkPurpose => (stored === 'reset' ? 'reset' : 'setup');

/** A new link for the owner; earlier unused links of the same purpose stop working. */
export async function issueLink(tx: Queryable, ownerId: string, purpose: LinkPurpose, now: number): Promise<string> {
  await tx.query('delete from owner_setup_tokens where owner_id = $1 and purpose = $2 and used_at is null', [
    ownerId,
    purpose,
  ]);
  const token = randomToken();
  await tx.query(
    'insert into owner_setup_tokens (token_hash, owner_id, created_at, expires_at, purpose) values ($1, $2, $3, $4, $5)',
    [sha256(token), ownerId, new Date(now), new Date(now + LINK_TTL_SECONDS[purpose] * 1000), purpose],
  );
  return token;
}

/** What a link is (live, used or expired) and whose, without spending it; undefined when unknown. */
export async function lookUpLink(q: Queryable, token: string, now: number): Promise<OwnerLink | undefined> {
  const { rows } = await q.query<LinkRow>(
    'select owner_id, purpose, used_at, expires_at from owner_setup_tokens where token_hash = $1',
    [sha256(token)],
  );
  const row = rows[0];
  const owner = row && (await findOwnerById(q, row.owner_id));
  if (!row || !owner) return undefined;
  const expiresAt = new Date(row.expires_at);
  const state: LinkState = row.used_at !== null ? 'used' : expiresAt.getTime() <= now ? 'expired' : 'live';
  return { owner, purpose: purposeOf(row.purpose), state, expiresAt };
}

/** Spends a live link (single use, first caller wins): the owner and purpose, or undefined. */
export async function spendLink(
  tx: Queryable,
  token: string,
  now: number,
): Promise<{ owner: Owner; purpose: LinkPurpose } | undefined> {
  const { rows } = await tx.query<{ owner_id: string; purpose: string }>(
    `update owner_setup_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
     returning owner_id, purpose`,
    [sha256(token), new Date(now)],
  );
  const owner = rows[0] && (await findOwnerById(tx, rows[0].owner_id));
  return owner && { owner, purpose: purposeOf(rows[0]!.purpose) };
}
