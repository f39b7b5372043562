import { createHmac, createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Database } from '../store/types.js';
import {
  ensureKeys,
  publicOf,
  readKeyRecords,
  readUsableKeys,
  retireKeys,
  rotateSigningKey,
  signingKeyStates,
  type KeyView,
} from './key-store.js';

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

export interface KeyRingOptions {
  /** VITRINE_KEY_ENCRYPTION_KEY: private keys are sealed with it at rest. */
  encryptionKey?: Buffer | undefined;
  /** `tokens.keyRotationDays`: a new signing key once the active one is this old. */
  rotationDays?: number | undefined;
  /** The longest access-token lifetime of any site: how long a superseded key keeps verifying. */
  maxTokenTtlSeconds?: number;
  now?: () => number;
  /** Where background key checks report failures and rotations (never key material). */
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** How often an instance looks for keys another instance (or `vitrine keys rotate`) made or retired. */
export const KEY_CHECK_MS = 30_000;
/** Unknown kids reload the keys at most this often: forged kids must not turn into a query flood. */
const UNKNOWN_KID_RELOAD_MS = 1_000;

/**
 * The server's key material, kept in the database so every instance signs with the same keys.
 * The newest signing key signs; superseded ones verify until their tokens have expired (key-store.ts).
 * Signing never waits for the database: at most every KEY_CHECK_MS a background check notices new,
 * retired or due keys, and a token naming an unknown kid reloads the keys before it is refused.
 */
export class KeyRing {
  private signing = new Map<string, SigningKey>();
  private macs = new Map<string, MacKey>();
  private active!: SigningKey;
  activeMac!: MacKey;
  private readonly now: () => number;
  private lastCheck: number;
  private checking: Promise<void> | undefined;
  private reloading: Promise<void> | undefined;
  private lastReload = 0;

  private constructor(
    private readonly db: Database,
    private readonly options: KeyRingOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.lastCheck = this.now();
  }

  static async open(db: Database, options: KeyRingOptions = {}): Promise<KeyRing> {
    const ring = new KeyRing(db, options);
    await ensureKeys(db, options.encryptionKey, ring.now());
    await ring.check();
    return ring;
  }

  /** The key that signs now; looking at it also starts a key check when one is due (never awaited). */
  get activeSigning(): SigningKey {
    if (this.now() - this.lastCheck >= KEY_CHECK_MS && !this.checking) {
      this.checking = this.check()
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'signing key check failed'))
        .finally(() => (this.checking = undefined));
    }
    return this.active;
  }

  /** Rotates when due, retires what has expired, and reloads when the stored keys differ from these. */
  async check(): Promise<void> {
    this.lastCheck = this.now();
    const { rotationDays } = this.options;
    if (rotationDays) {
      const kid = await rotateSigningKey(this.db, this.options.encryptionKey, this.now(), {
        olderThanMs: rotationDays * 86_400_000,
      });
      if (kid) this.options.log?.info({ kid, rotationDays }, 'signing key rotated (tokens.keyRotationDays)');
    }
    const records = await readKeyRecords(this.db);
    const states = signingKeyStates(records, this.now(), this.maxTtl());
    const stillMarkedLive = new Set(records.filter((r) => !r.retiredAt).map((r) => r.kid));
    await retireKeys(
      this.db,
      states.filter((s) => s.state === 'retired' && stillMarkedLive.has(s.kid)).map((s) => s.kid),
      this.now(),
    );
    const live = states.filter((s) => s.state !== 'retired').map((s) => s.kid);
    if (!this.active || live.length !== this.signing.size || live.some((kid) => !this.signing.has(kid)))
      await this.reload();
  }

  /** Re-reads and opens every usable key. */
  async reload(): Promise<void> {
    const records = await readUsableKeys(this.db, this.options.encryptionKey);
    const states = new Map(signingKeyStates(records, this.now(), this.maxTtl()).map((s) => [s.kid, s.state]));
    const signing = new Map<string, SigningKey>();
    const macs = new Map<string, MacKey>();
    let active: SigningKey | undefined;
    for (const record of records) {
      const jwk = record.privateJwk!;
      if (record.use === 'sig') {
        if (states.get(record.kid) === 'retired') continue;
        const header = { alg: 'ES256', kid: record.kid, typ: 'at+jwt' };
        const key: SigningKey = {
          kid: record.kid,
          privateKey: createPrivateKey({ key: jwk, format: 'jwk' }),
          publicJwk: record.publicJwk ?? { ...publicOf(jwk), kid: record.kid, alg: 'ES256', use: 'sig' },
          headerSegment: Buffer.from(JSON.stringify(header)).toString('base64url'),
        };
        signing.set(record.kid, key);
        active = key;
      } else {
        const key = { kid: record.kid, secret: Buffer.from(jwk.k ?? '', 'base64url') };
        macs.set(record.kid, key);
        this.activeMac = key;
      }
    }
    if (!active) throw new Error('no usable signing key in server_keys');
    this.active = active;
    this.signing = signing;
    this.macs = macs;
  }

  /** Reloads for an unknown kid (one in flight at a time, at most once a second). */
  async reloadThrottled(): Promise<void> {
    if (this.reloading) return this.reloading;
    if (Date.now() - this.lastReload < UNKNOWN_KID_RELOAD_MS) return;
    this.lastReload = Date.now();
    this.reloading = this.reload().finally(() => (this.reloading = undefined));
    return this.reloading;
  }

  /** Makes a new active key now (the admin API behind `vitrine keys rotate` for a running server). */
  async rotate(): Promise<string> {
    const kid = (await rotateSigningKey(this.db, this.options.encryptionKey, this.now()))!;
    this.options.log?.info({ kid }, 'signing key rotated');
    await this.check();
    return kid;
  }

  /** Every signing key with its state, for `vitrine keys list`. */
  async list(): Promise<KeyView[]> {
    return signingKeyStates(await readKeyRecords(this.db), this.now(), this.maxTtl());
  }

  private maxTtl(): number {
    return this.options.maxTokenTtlSeconds ?? 86_400;
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

  /** Public keys for `/oauth2/jwks`: the active key and those still retiring. */
  jwks(): { keys: JsonWebKey[] } {
    return { keys: [...this.signing.values()].map((k) => k.publicJwk) };
  }
}
