import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchingTotpStep, newTotpSecret, protectTotpSecret, revealTotpSecret, totpUri } from './totp.js';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII "12345678901234567890" (Base32 below); the
// 8-digit reference values end in the 6-digit codes an authenticator app shows.
const RFC_SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS = [
  { seconds: 59, code: '287082', step: 1 },
  { seconds: 1111111109, code: '081804', step: 37037036 },
  { seconds: 1234567890, code: '005924', step: 41152263 },
  { seconds: 20000000000, code: '353130', step: 666666666 },
];

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('matches the RFC 6238 test vectors and yields their time step', () => {
    for (const v of VECTORS) expect(matchingTotpStep(RFC_SEED, v.code, v.seconds * 1000)).toBe(v.step);
  });

  it('accepts one step of drift either way and nothing further', () => {
    const at = 1111111109 * 1000;
    expect(matchingTotpStep(RFC_SEED, '081804', at + 30_000)).toBe(37037036);
    expect(matchingTotpStep(RFC_SEED, '081804', at - 30_000)).toBe(37037036);
    expect(matchingTotpStep(RFC_SEED, '081804', at + 60_000)).toBeUndefined();
    expect(matchingTotpStep(RFC_SEED, '081805', at)).toBeUndefined();
    expect(matchingTotpStep(RFC_SEED, 'abcdef', at)).toBeUndefined();
    expect(matchingTotpStep(RFC_SEED, 81804, at)).toBeUndefined();
  });

  it('seals secrets under the key-encryption key, bound to their context', () => {
    const key = randomBytes(32);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = protectTotpSecret({ keyEncryptionKey: key }, secret, 'member-totp:a');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(revealTotpSecret({ keyEncryptionKey: key }, stored, 'member-totp:a')).toBe(secret);
    expect(() => revealTotpSecret({ keyEncryptionKey: key }, stored, 'member-totp:b')).toThrow();
    expect(() => revealTotpSecret({ keyEncryptionKey: undefined }, stored, 'member-totp:a')).toThrow(
      /VITRINE_KEY_ENCRYPTION_KEY/,
    );
    expect(protectTotpSecret({ keyEncryptionKey: undefined }, secret, 'x')).toBe(secret);
  });

  it('builds the otpauth URI an app scans', () => {
    expect(totpUri('My Shop', 'a@b.c', RFC_SEED)).toBe(
      `otpauth://totp/My%20Shop:a%40b.c?issuer=My%20Shop&secret=${RFC_SEED}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
