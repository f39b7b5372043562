import { createPublicKey, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { seal, SealedSecretError, unseal } from '../security/index.js';
import type { Database, Queryable } from '../store/types.js';
import { generateEs256KeyPair } from './es256-key-pair.js';

/**
 * The `server_keys` table: signing keys (ES256, `use = 'sig'`) and the MAC key (`use = 'mac'`), shared by
 * every instance on the database. Private halves are sealed with VITRINE_KEY_ENCRYPTION_KEY when it is set.
 *
 * A signing key's life: **active** (the newest; it signs), **retiring** (a newer key signs; it still
 * verifies and stays in the JWKS until every token it may have signed has expired), **retired** (gone
 * from the JWKS, its private half erased). Retiring lasts the longest access-token lifetime plus
 * PICKUP_SLACK_MS: instances notice a new key within a key check, so they may sign with the old one
 * that much longer.
 */

// Same lock for every instance sharing a database, so only one of them creates or rotates keys at a time.
const KEY_LOCK = 7_324_512;
/** Longest time an instance may keep signing with a superseded key (two key checks). */
export const PICKUP_SLACK_MS = 60_000;

export type KeyState = 'active' | 'retiring' | 'retired';

export interface KeyRecord {
  kid: string;
  use: 'sig' | 'mac';
  createdAt: Date;
  retiredAt: Date | null;
  publicJwk: JsonWebKey | null;
  /** Set only by `readUsableKeys` (decrypted). */
  privateJwk?: JsonWebKey & { k?: string };
  sealed: boolean;
}

export interface KeyView {
  kid: string;
  createdAt: Date;
  state: KeyState;
  /** Retiring keys: when they stop verifying. */
  until?: Date;
  sealed: boolean;
}

/** A start-up error an operator must act on (wrong or missing VITRINE_KEY_ENCRYPTION_KEY). */
export class KeyProtectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyProtectionError';
  }
}

interface Row {
  kid: string;
  use: 'sig' | 'mac';
  created_at: Date;
  retired_at: Date | null;
  public_jwk: JsonWebKey | null;
  private_jwk: (JsonWebKey & { k?: string }) | null;
  private_key_sealed: string | null;
}

const context = (kid: string) => `server_keys:${kid}`;

/** Every key row, oldest first, without opening private halves (listing, key checks). */
export async function readKeyRecords(db: Queryable): Promise<KeyRecord[]> {
  const { rows } = await db.query<Row>(
    `select kid, use, created_at, retired_at, public_jwk, null as private_jwk, private_key_sealed is not null as private_key_sealed
     from server_keys where site_id = '*' order by created_at asc, kid asc`,
  );
  return rows.map((row) => ({
    kid: row.kid,
    use: row.use,
    createdAt: new Date(row.created_at),
    retiredAt: row.retired_at && new Date(row.retired_at),
    publicJwk: row.public_jwk,
    sealed: Boolean(row.private_key_sealed),
  }));
}

/** Unretired keys with their private halves opened; a wrong or missing encryption key is a KeyProtectionError. */
export async function readUsableKeys(db: Queryable, encryptionKey: Buffer | undefined): Promise<KeyRecord[]> {
  const { rows } = await db.query<Row>(
    `select kid, use, created_at, retired_at, public_jwk, private_jwk, private_key_sealed
     from server_keys where site_id = '*' and retired_at is null order by created_at asc, kid asc`,
  );
  return rows.map((row) => ({
    kid: row.kid,
    use: row.use,
    createdAt: new Date(row.created_at),
    retiredAt: null,
    publicJwk: row.public_jwk,
    privateJwk: openPrivate(row, encryptionKey),
    sealed: row.private_key_sealed !== null,
  }));
}

function openPrivate(row: Row, encryptionKey: Buffer | undefined): JsonWebKey & { k?: string } {
  if (row.private_key_sealed === null) {
    if (!row.private_jwk) throw new KeyProtectionError(`server key ${row.kid} has no private key`);
    return row.private_jwk;
  }
  if (!encryptionKey)
    throw new KeyProtectionError(
      'the stored signing keys are encrypted: set VITRINE_KEY_ENCRYPTION_KEY to the key they were sealed with',
    );
  try {
    return JSON.parse(unseal(encryptionKey, row.private_key_sealed, context(row.kid)).toString('utf8')) as JsonWebKey;
  } catch (error) {
    if (error instanceof SealedSecretError && error.reason === 'wrong-key')
      throw new KeyProtectionError('VITRINE_KEY_ENCRYPTION_KEY does not decrypt the stored signing keys');
    throw new KeyProtectionError(`the stored signing key ${row.kid} cannot be decrypted (${(error as Error).message})`);
  }
}

/** The private half as stored: sealed when an encryption key is configured. */
function storedPrivate(
  kid: string,
  jwk: JsonWebKey,
  encryptionKey: Buffer | undefined,
): { plain: JsonWebKey | null; sealed: string | null } {
  return encryptionKey
    ? { plain: null, sealed: seal(encryptionKey, JSON.stringify(jwk), context(kid)) }
    : { plain: jwk, sealed: null };
}

async function insertSigningKey(tx: Queryable, encryptionKey: Buffer | undefined, now: number): Promise<string> {
  const { privateJwk, publicJwk } = generateEs256KeyPair();
  const kid = randomUUID();
  const stored = storedPrivate(kid, privateJwk, encryptionKey);
  await tx.query(
    `insert into server_keys (kid, use, alg, private_jwk, private_key_sealed, public_jwk, created_at) values ($1, 'sig', 'ES256', $2, $3, $4, $5)`,
    [kid, stored.plain, stored.sealed, { ...publicJwk, kid, alg: 'ES256', use: 'sig' }, new Date(now)],
  );
  return kid;
}

/**
 * Start-up: creates the first keys, and seals plaintext private keys once an encryption key is set.
 * Refuses (KeyProtectionError) to go on when stored keys cannot be opened: a new key would silently
 * invalidate every issued token and hide the misconfiguration.
 */
export async function ensureKeys(db: Database, encryptionKey: Buffer | undefined, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [KEY_LOCK]);
    const usable = await readUsableKeys(tx, encryptionKey);
    if (encryptionKey) {
      const { rows } = await tx.query<{ kid: string; private_jwk: JsonWebKey }>(
        `select kid, private_jwk from server_keys where site_id = '*' and private_jwk is not null and private_key_sealed is null`,
      );
      for (const row of rows) {
        await tx.query(
          `update server_keys set private_key_sealed = $2, private_jwk = null where site_id = '*' and kid = $1`,
          [row.kid, seal(encryptionKey, JSON.stringify(row.private_jwk), context(row.kid))],
        );
      }
    }
    if (!usable.some((k) => k.use === 'sig')) await insertSigningKey(tx, encryptionKey, now);
    if (!usable.some((k) => k.use === 'mac')) {
      const kid = randomUUID();
      const stored = storedPrivate(kid, { kty: 'oct', k: randomBytes(32).toString('base64url') }, encryptionKey);
      await tx.query(
        `insert into server_keys (kid, use, alg, private_jwk, private_key_sealed, created_at) values ($1, 'mac', 'HS256', $2, $3, $4)`,
        [kid, stored.plain, stored.sealed, new Date(now)],
      );
    }
  });
}

/**
 * Makes a new active signing key. With `olderThanMs`, only when the active key is at least that old
 * (automatic rotation: several instances may ask at once, one rotates). Returns the new kid, if any.
 */
export async function rotateSigningKey(
  db: Database,
  encryptionKey: Buffer | undefined,
  now: number,
  options: { olderThanMs?: number } = {},
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [KEY_LOCK]);
    // The new key must be readable with the same encryption key as the others: check before adding one.
    await readUsableKeys(tx, encryptionKey);
    if (options.olderThanMs !== undefined) {
      const active = activeSigning(await readKeyRecords(tx));
      if (active && now - active.createdAt.getTime() < options.olderThanMs) return undefined;
    }
    return insertSigningKey(tx, encryptionKey, now);
  });
}

const activeSigning = (records: KeyRecord[]) => records.filter((r) => r.use === 'sig' && !r.retiredAt).at(-1);

/** Each signing key's state at `now`, oldest first, given the longest access-token lifetime. */
export function signingKeyStates(records: KeyRecord[], now: number, maxTokenTtlSeconds: number): KeyView[] {
  const signing = records.filter((r) => r.use === 'sig');
  const newest = signing.filter((r) => !r.retiredAt).at(-1);
  return signing.map((record, i) => {
    const base = { kid: record.kid, createdAt: record.createdAt, sealed: record.sealed };
    if (record.retiredAt) return { ...base, state: 'retired' as const };
    if (record === newest) return { ...base, state: 'active' as const };
    const supersededAt = signing[i + 1]!.createdAt.getTime();
    const until = new Date(supersededAt + maxTokenTtlSeconds * 1000 + PICKUP_SLACK_MS);
    return until.getTime() <= now
      ? { ...base, state: 'retired' as const }
      : { ...base, state: 'retiring' as const, until };
  });
}

/** Marks signing keys whose tokens have all expired as retired and erases their private halves. */
export async function retireKeys(db: Queryable, kids: string[], now: number): Promise<void> {
  if (!kids.length) return;
  await db.query(
    `update server_keys set retired_at = $2, private_jwk = null, private_key_sealed = null
     where site_id = '*' and use = 'sig' and retired_at is null and kid = any($1::text[])`,
    [kids, new Date(now)],
  );
}

/** The public JWK of a stored private one (rows written before public_jwk was kept). */
export function publicOf(privateJwk: JsonWebKey): JsonWebKey {
  return createPublicKey({ key: privateJwk, format: 'jwk' }).export({ format: 'jwk' });
}
