import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Database } from '../store/types.js';

// Same lock for every instance sharing a database, so only one of them creates the first keys.
const KEY_BOOTSTRAP_LOCK = 7_324_512;

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JsonWebKey;
  /** base64url of the JWT header, computed once: signing is the hot path of every visitor. */
  headerSegment: string;
}

export interface MacKey {
  kid: string;
  secret: Buffer;
}

interface KeyRow {
  kid: string;
  use: 'sig' | 'mac';
  private_jwk: JsonWebKey & { k?: string };
  public_jwk: JsonWebKey | null;
  created_at: Date;
}

/**
 * The server's key material, kept in the database so every instance signs with the same keys.
 * The newest key of each use is the active one; older unretired keys still verify (rotation).
 */
export class KeyRing {
  private signing = new Map<string, SigningKey>();
  private macs = new Map<string, MacKey>();
  activeSigning!: SigningKey;
  activeMac!: MacKey;

  private constructor(private readonly db: Database) {}

  static async open(db: Database): Promise<KeyRing> {
    const ring = new KeyRing(db);
    await ring.ensure();
    await ring.reload();
    return ring;
  }

  private async ensure(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [KEY_BOOTSTRAP_LOCK]);
      const have = await tx.query<{ use: string }>(`select distinct use from server_keys where site_id = '*' and retired_at is null`);
      const uses = new Set(have.rows.map((r) => r.use));
      if (!uses.has('sig')) {
        const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const kid = randomUUID();
        await tx.query(
          `insert into server_keys (kid, use, alg, private_jwk, public_jwk) values ($1, 'sig', 'ES256', $2, $3)`,
          [kid, privateKey.export({ format: 'jwk' }), { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' }],
        );
      }
      if (!uses.has('mac')) {
        await tx.query(`insert into server_keys (kid, use, alg, private_jwk) values ($1, 'mac', 'HS256', $2)`, [
          randomUUID(),
          { kty: 'oct', k: randomBytes(32).toString('base64url') },
        ]);
      }
    });
  }

  /** Re-reads keys, e.g. when a token names a kid another instance created after this one started. */
  async reload(): Promise<void> {
    const { rows } = await this.db.query<KeyRow>(
      `select kid, use, private_jwk, public_jwk, created_at from server_keys where site_id = '*' and retired_at is null order by created_at asc`,
    );
    const signing = new Map<string, SigningKey>();
    const macs = new Map<string, MacKey>();
    for (const row of rows) {
      if (row.use === 'sig') {
        const header = { alg: 'ES256', kid: row.kid, typ: 'at+jwt' };
        const key: SigningKey = {
          kid: row.kid,
          privateKey: createPrivateKey({ key: row.private_jwk, format: 'jwk' }),
          publicJwk: row.public_jwk ?? createPublicKey({ key: row.private_jwk, format: 'jwk' }).export({ format: 'jwk' }),
          headerSegment: Buffer.from(JSON.stringify(header)).toString('base64url'),
        };
        signing.set(row.kid, key);
        this.activeSigning = key;
      } else {
        const key = { kid: row.kid, secret: Buffer.from(row.private_jwk.k ?? '', 'base64url') };
        macs.set(row.kid, key);
        this.activeMac = key;
      }
    }
    this.signing = signing;
    this.macs = macs;
  }

  private lastReload = 0;

  /** Reloads at most every 10 s: unknown kids in forged tokens must not turn into a query flood. */
  async reloadThrottled(): Promise<void> {
    if (Date.now() - this.lastReload < 10_000) return;
    this.lastReload = Date.now();
    await this.reload();
  }

  /**
   * A secret for one purpose (captcha HMACs, data cursors), derived from the server's MAC key so every
   * instance agrees without another setting, and so no other credential (the admin key) doubles as one.
   */
  secretFor(purpose: string): string {
    return createHmac('sha256', this.activeMac.secret).update(`purpose:${purpose}`).digest('base64url');
  }

  signingKey(kid: string): SigningKey | undefined {
    return this.signing.get(kid);
  }

  macKey(kid: string): MacKey | undefined {
    return this.macs.get(kid);
  }

  /** Public keys for `/oauth2/jwks`. */
  jwks(): { keys: JsonWebKey[] } {
    return { keys: [...this.signing.values()].map((k) => k.publicJwk) };
  }
}
