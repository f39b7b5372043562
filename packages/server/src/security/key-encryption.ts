import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (signing keys now, TOTP secrets later) sealed with AES-256-GCM under the operator's
 * VITRINE_KEY_ENCRYPTION_KEY. The stored text is a versioned envelope:
 *
 *   v1.<key fingerprint>.<iv>.<ciphertext>.<tag>     (each part base64url)
 *
 * The fingerprint (first bytes of SHA-256 of the key) tells "this was sealed under another key" apart
 * from "this was tampered with"; `context` (e.g. the row's id) is bound as additional data, so a sealed
 * value cannot be moved to another row.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export class SealedSecretError extends Error {
  constructor(
    message: string,
    readonly reason: 'wrong-key' | 'corrupt',
  ) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

/** The key from its base64 (or base64url) text; undefined unless it is exactly 32 bytes. */
export function parseKeyEncryptionKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 6).toString('base64url');
}

/**
 * A key for one purpose only (HKDF-SHA-256, the purpose as its info), so the key-encryption key itself never
 * keys anything but sealing: e.g. `deriveKey(kek, 'vitrine backup authentication v1')` signs backups.
 */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, KEY_BYTES));
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${VERSION}.`);
}

export function seal(key: Buffer, plaintext: string | Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [
    VERSION,
    keyFingerprint(key),
    iv.toString('base64url'),
    ciphertext.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** Opens an envelope made by `seal` with the same key and context; throws SealedSecretError otherwise. */
export function unseal(key: Buffer, envelope: string, context: string): Buffer {
  const parts = envelope.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION)
    throw new SealedSecretError('not a sealed secret of a known version', 'corrupt');
  const [, fingerprint, iv, ciphertext, tag] = parts as [string, string, string, string, string];
  if (fingerprint !== keyFingerprint(key)) throw new SealedSecretError('sealed under another key', 'wrong-key');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  } catch {
    throw new SealedSecretError('the sealed secret does not authenticate (tampered or moved)', 'corrupt');
  }
}
