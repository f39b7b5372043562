import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VitrineError } from '../http/errors.js';
import { base64url, generateCodeChallenge, generateCodeVerifier } from './pkce.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('PKCE', () => {
  it('matches the RFC 7636 appendix B vector', async () => {
    expect(await generateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('agrees with Node sha256 base64url for random verifiers', async () => {
    for (let i = 0; i < 200; i++) {
      const v = generateCodeVerifier(43 + (i % 86));
      const challenge = await generateCodeChallenge(v);
      expect(challenge).toBe(createHash('sha256').update(v).digest('base64url'));
      expect(challenge).toHaveLength(43);
    }
  });

  it('defaults to 43 unreserved characters (also for length 0)', () => {
    for (const v of [generateCodeVerifier(), generateCodeVerifier(0)]) {
      expect(v).toHaveLength(43);
      expect(v).toMatch(UNRESERVED);
    }
  });

  it('accepts 43..128 and rejects anything else with the documented message', () => {
    expect(generateCodeVerifier(128)).toHaveLength(128);
    expect(generateCodeVerifier(43)).toHaveLength(43);
    for (const n of [42, 129, -1, 50.5]) {
      let error: unknown;
      try {
        generateCodeVerifier(n);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(VitrineError);
      expect((error as VitrineError).message).toBe(`Expected a length between 43 and 128. Received ${n}.`);
      expect((error as VitrineError).code).toBe('INVALID_LENGTH');
    }
  });

  it('uses every character of the alphabet and no others', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateCodeVerifier(128)).join(''));
    expect(seen.size).toBe(66);
  });

  it('encodes base64url without padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(base64url(new Uint8Array([]))).toBe('');
    expect(base64url(new TextEncoder().encode('a'))).toBe('YQ');
  });
});
