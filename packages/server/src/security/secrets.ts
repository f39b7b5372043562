import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Random secrets handed to clients (session, state, recovery tokens) and how they are stored:
 * only the SHA-256 of a 256-bit token is kept, so a database leak yields nothing usable.
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A 6-digit code from a CSPRNG, zero-padded. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes have only 10^6 values, so a plain hash would be reversed instantly from a dump;
 * a per-row random salt under HMAC at least forces per-row work, and attempts are capped online.
 */
export function hashCode(code: string, salt: Buffer): Buffer {
  return hmacSha256(salt, code);
}

/**
 * HMAC-SHA-256 of a text: what makes a token prove itself (visitor refresh tokens, data cursors, guest order
 * links). Check a given MAC with `safeEqual`, never `===` (a timing leak).
 */
export function hmacSha256(key: Buffer | string, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

export function safeEqual(a: Buffer | Uint8Array, b: Buffer | Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
