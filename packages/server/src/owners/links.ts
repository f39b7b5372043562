import { randomToken, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { FIRST_START_LINK, findOwnerById, type Owner } from './store.js';

/**
 * One-time owner links (table owner_setup_tokens, migration 0078): `setup` sets a first password
 * (24 h, made by `vitrine owners add`, an invitation or the first start); `reset` replaces a forgotten
 * one (30 min, mailed by "Forgot password"); `email` confirms a new address (24 h, mailed to it; the
 * address in `new_email`, migration 0108). Only the token's SHA-256 is stored. A spent link keeps its
 * row with the time of use, so opening it again can say "used" rather than "invalid".
 */
export type LinkPurpose = 'setup' | 'reset' | 'email';
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { setup: 24 * 3600, reset: 30 * 60, email: 24 * 3600 };

export type LinkState = 'live' | 'used' | 'expired';

export interface OwnerLink {
  owner: Owner;
  purpose: LinkPurpose;
  state: LinkState;
  expiresAt: Date;
  /** The link the first start printed: its page lets the first owner give their own address. */
  firstStart: boolean;
  /** An `email` link's new address. */
  newEmail: string | null;
}

interface LinkRow {
  owner_id: string;
  /** A LinkPurpose, or store.ts FIRST_START_LINK (a setup link the first start printed). */
  purpose: string;
  used_at: Date | string | null;
  expires_at: Date | string;
  new_email: string | null;
}

const purposeOf = (stored: string): LinkPurpose => (stored === 'reset' || stored === 'email' ? stored : 'setup');

/**
 * A new link for the owner; earlier unused links of the same purpose stop working. An `email` link
 * carries the address it confirms.
 */
export async function issueLink(
  tx: Queryable,
  ownerId: string,
  purpose: LinkPurpose,
  now: number,
  newEmail?: string,
): Promise<string> {
  await tx.query('delete from owner_setup_tokens where owner_id = $1 and purpose = $2 and used_at is null', [
    ownerId,
    purpose,
  ]);
  const token = randomToken();
  await tx.query(
    `insert into owner_setup_tokens (token_hash, owner_id, created_at, expires_at, purpose, new_email)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      sha256(token),
      ownerId,
      new Date(now),
      new Date(now + LINK_TTL_SECONDS[purpose] * 1000),
      purpose,
      newEmail ?? null,
    ],
  );
  return token;
}

/** What a link is (live, used or expired) and whose, without spending it; undefined when unknown. */
export async function lookUpLink(q: Queryable, token: string, now: number): Promise<OwnerLink | undefined> {
  const { rows } = await q.query<LinkRow>(
    'select owner_id, purpose, used_at, expires_at, new_email from owner_setup_tokens where token_hash = $1',
    [sha256(token)],
  );
  const row = rows[0];
  const owner = row && (await findOwnerById(q, row.owner_id));
  if (!row || !owner) return undefined;
  const expiresAt = new Date(row.expires_at);
  const state: LinkState = row.used_at !== null ? 'used' : expiresAt.getTime() <= now ? 'expired' : 'live';
  return {
    owner,
    purpose: purposeOf(row.purpose),
    state,
    expiresAt,
    firstStart: row.purpose === FIRST_START_LINK,
    newEmail: row.new_email,
  };
}

/** Spends a live link (single use, first caller wins): the owner and purpose, or undefined. */
export async function spendLink(
  tx: Queryable,
  token: string,
  now: number,
): Promise<{ owner: Owner; purpose: LinkPurpose; firstStart: boolean; newEmail: string | null } | undefined> {
  const { rows } = await tx.query<{ owner_id: string; purpose: string; new_email: string | null }>(
    `update owner_setup_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
     returning owner_id, purpose, new_email`,
    [sha256(token), new Date(now)],
  );
  const owner = rows[0] && (await findOwnerById(tx, rows[0].owner_id));
  return (
    owner && {
      owner,
      purpose: purposeOf(rows[0]!.purpose),
      firstStart: rows[0]!.purpose === FIRST_START_LINK,
      newEmail: rows[0]!.new_email,
    }
  );
}
