import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';
import type { ServerConfig } from '../config/types.js';
import { deriveKey, keyFingerprint } from '../security/index.js';

/**
 * Backups are authenticated (audit V5-6): an HMAC-SHA-256 over every line of the file up to its trailer,
 * written as a last `{"t":"mac"}` line. The checksums a backup carries are not keyed (anyone can recompute
 * them), so without this a file copied to object storage could be edited by whoever can write there. The key
 * is derived (HKDF, its own purpose label) from VITRINE_KEY_ENCRYPTION_KEY; without one (development) from
 * the admin key. docs/operating.md#backups.
 */
const PURPOSE = 'vitrine backup authentication v1';

export interface BackupKey {
  secret: Buffer;
  /** A fingerprint of the derived key (never the key): tells "another server's backup" from "changed". */
  id: string;
  from: 'key-encryption-key' | 'admin-key';
}

/** What the manifest says about how the file is signed (covered by the MAC itself). */
export interface BackupAuthentication {
  algorithm: 'HMAC-SHA256';
  keyId: string;
  from: BackupKey['from'];
}

/** A file that cannot be verified with this server's key: refused unless the operator says --unverified. */
export class BackupAuthenticationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupAuthenticationError';
  }
}

export function backupKey(config: Pick<ServerConfig, 'keyEncryptionKey' | 'adminKey'>): BackupKey {
  const from = config.keyEncryptionKey ? 'key-encryption-key' : 'admin-key';
  const secret = deriveKey(config.keyEncryptionKey ?? Buffer.from(config.adminKey, 'utf8'), PURPOSE);
  return { secret, id: keyFingerprint(secret), from };
}

export function authenticationOf(key: BackupKey): BackupAuthentication {
  return { algorithm: 'HMAC-SHA256', keyId: key.id, from: key.from };
}

const KEY_SOURCE = { 'key-encryption-key': 'VITRINE_KEY_ENCRYPTION_KEY', 'admin-key': 'the admin key' } as const;
/** Text from the file, shown only when it looks like what we write (no control characters in the terminal). */
const shown = (text: unknown) => (typeof text === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(text) ? text : '?');
const UNVERIFIED = 'restore it with --unverified only if you trust where the file came from';

/** The running MAC of a backup's lines, as written (fileSink) and as read (readBackup). */
export class BackupMac {
  private readonly hmac: Hmac;

  constructor(key: BackupKey) {
    this.hmac = createHmac('sha256', key.secret);
  }

  line(text: string): void {
    this.hmac.update(text).update('\n');
  }

  digest(): string {
    return this.hmac.digest('base64url');
  }

  /** Compares in constant time; a MAC that is missing or of another length simply does not match. */
  matches(mac: unknown): boolean {
    const mine = Buffer.from(this.digest());
    const theirs = Buffer.from(typeof mac === 'string' ? mac : '');
    return mine.length === theirs.length && timingSafeEqual(mine, theirs);
  }
}

/** Refuses, before any row is read, a manifest this key cannot have signed. */
export function checkSigner(path: string, authentication: BackupAuthentication | undefined, key: BackupKey): void {
  if (!authentication)
    throw new BackupAuthenticationError(
      `${path} is not authenticated (it was made before Vitrine signed its backups, or not by Vitrine): ${UNVERIFIED}`,
    );
  if (authentication.keyId !== key.id)
    throw new BackupAuthenticationError(
      `${path} was signed by another server (backup key ${shown(authentication.keyId)}; this one's is ${key.id}, ` +
        `derived from ${KEY_SOURCE[key.from]}): restore it with the key of the server that made it, or ${UNVERIFIED}`,
    );
}

export function changedError(path: string, what: string): BackupAuthenticationError {
  return new BackupAuthenticationError(
    `${path} has been changed since it was made (${what}); nothing was restored: ${UNVERIFIED}`,
  );
}
