import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, parseKeyEncryptionKey, seal, SealedSecretError, unseal } from './key-encryption.js';

const key = randomBytes(32);

const failure = (fn: () => unknown): SealedSecretError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof SealedSecretError) return error;
    throw error;
  }
  throw new Error('expected a SealedSecretError');
};

describe('secrets sealed at rest (AES-256-GCM envelope)', () => {
  it('round-trips, with a fresh IV each time, in a versioned envelope that shows nothing of the secret', () => {
    const a = seal(key, 'JBSWY3DPEHPK3PXP', 'totp:m1');
    const b = seal(key, 'JBSWY3DPEHPK3PXP', 'totp:m1');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, a, 'totp:m1').toString()).toBe('JBSWY3DPEHPK3PXP');
  });

  it('tells a wrong key from a tampered or moved envelope', () => {
    const sealed = seal(key, 'secret', 'row:1');
    expect(failure(() => unseal(randomBytes(32), sealed, 'row:1')).reason).toBe('wrong-key');
    expect(failure(() => unseal(key, sealed, 'row:2')).reason).toBe('corrupt');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered!').toString('base64url');
    expect(failure(() => unseal(key, parts.join('.'), 'row:1')).reason).toBe('corrupt');
    expect(failure(() => unseal(key, 'v2.x.y.z.w', 'row:1')).reason).toBe('corrupt');
  });

  it('takes the key as 32 bytes of base64 or base64url, nothing else', () => {
    expect(parseKeyEncryptionKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseKeyEncryptionKey(` ${key.toString('base64url')}\n`)?.equals(key)).toBe(true);
    expect(parseKeyEncryptionKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseKeyEncryptionKey('not base64 at all!')).toBeUndefined();
  });
});
