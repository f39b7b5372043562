import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateEs256KeyPair } from './es256-key-pair.js';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './jwt.js';
import type { KeyRing, SigningKey } from './keys.js';
import { VERIFIED_TOKENS_MAX, VerifiedTokens } from './verified-tokens.js';

const ISSUER = 'http://127.0.0.1:8080';

function signingKey(): SigningKey {
  const kid = randomUUID();
  const { privateKey, publicJwk } = generateEs256KeyPair();
  return {
    kid,
    privateKey,
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
    headerSegment: Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'at+jwt' })).toString('base64url'),
  };
}

/** The two things verification asks of a key ring, over keys the test adds and removes. */
function ring(...keys: SigningKey[]) {
  const byKid = new Map(keys.map((k) => [k.kid, k]));
  return {
    keys: {
      get activeSigning() {
        return keys[0]!;
      },
      signingKey: (kid: string) => byKid.get(kid),
    } as unknown as KeyRing,
    drop: (kid: string) => byKid.delete(kid),
  };
}

const claims = (exp: number): AccessClaims => ({
  iss: ISSUER,
  sub: randomUUID(),
  aud: 'c',
  client_id: 'c',
  site: 's',
  role: 'visitor',
  iat: exp - 60,
  exp,
  jti: randomUUID(),
});

describe('access tokens verified once per instance (oauth/verified-tokens.ts)', () => {
  it('answers a repeated token with the same claims, and a token differing in its signature is still refused', () => {
    const { keys } = ring(signingKey());
    const token = signAccessToken(keys, claims(2_000));
    const first = verifyAccessToken(keys, token, ISSUER, 1_000);
    const again = verifyAccessToken(keys, token, ISSUER, 1_000);
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(verifyAccessToken(keys, `${token.slice(0, -2)}${last}${token.at(-1)}`, ISSUER, 1_000)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    // Claims handed out from the cache cannot be changed by one caller for the next.
    expect(Object.isFrozen((again as { claims: AccessClaims }).claims)).toBe(true);
  });

  it('still refuses a remembered token once it has expired, or for another issuer', () => {
    const { keys } = ring(signingKey());
    const token = signAccessToken(keys, claims(2_000));
    expect(verifyAccessToken(keys, token, ISSUER, 1_999).ok).toBe(true);
    expect(verifyAccessToken(keys, token, 'https://elsewhere.example', 1_999)).toEqual({
      ok: false,
      reason: 'wrong-issuer',
    });
    expect(verifyAccessToken(keys, token, ISSUER, 2_000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyAccessToken(keys, token, ISSUER, 1_999).ok).toBe(true);
  });

  it('refuses a remembered token as soon as its key has left the ring', () => {
    const retiring = signingKey();
    const { keys, drop } = ring(retiring, signingKey());
    const token = signAccessToken(keys, claims(2_000));
    expect(verifyAccessToken(keys, token, ISSUER, 1_000).ok).toBe(true);
    drop(retiring.kid);
    expect(verifyAccessToken(keys, token, ISSUER, 1_000)).toEqual({
      ok: false,
      reason: 'unknown-key',
      kid: retiring.kid,
    });
  });

  it('keeps at most VERIFIED_TOKENS_MAX tokens, the oldest going first; a forged token stays refused however often it comes', () => {
    const cache = new VerifiedTokens(3);
    const entry = { claims: claims(2_000), key: {}, kid: 'k' };
    for (const t of ['a', 'b', 'c', 'd']) cache.remember(t, entry);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe(entry);
    expect(VERIFIED_TOKENS_MAX).toBeLessThanOrEqual(10_000);

    const { keys } = ring(signingKey());
    const forged = `${signAccessToken(keys, claims(2_000)).slice(0, -4)}AAAA`;
    for (let i = 0; i < 3; i++) expect(verifyAccessToken(keys, forged, ISSUER, 1_000).ok).toBe(false);
  });
});
