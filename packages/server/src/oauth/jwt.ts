import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { AccessClaims } from './access-claims.js';
import type { KeyRing } from './keys.js';
import { VerifiedTokens } from './verified-tokens.js';

export type { AccessClaims } from './access-claims.js';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** One ES256 signature over a precomputed header: the whole cost of a visitor's access token. */
export function signAccessToken(keys: KeyRing, claims: AccessClaims): string {
  const key = keys.activeSigning;
  const input = `${key.headerSegment}.${b64(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

export type VerifyFailure = 'malformed' | 'unknown-key' | 'bad-signature' | 'expired' | 'wrong-issuer';

const publicKeys = new WeakMap<object, KeyObject>();

/** Verifies signature, expiry and issuer; never throws on garbage input. */
export function verifyAccessToken(
  keys: KeyRing,
  token: string,
  issuer: string,
  nowSeconds: number,
): { ok: true; claims: AccessClaims } | { ok: false; reason: VerifyFailure; kid?: string } {
  const verified = verifiedTokensOf(keys);
  const known = verified.get(token);
  if (known) {
    // The signature was checked before; what can change since is checked again (verified-tokens.ts).
    if (keys.signingKey(known.kid) !== known.key) verified.forget(token);
    else if (known.claims.iss !== issuer) return { ok: false, reason: 'wrong-issuer' };
    else if (known.claims.exp <= nowSeconds) {
      verified.forget(token);
      return { ok: false, reason: 'expired' };
    } else return { ok: true, claims: known.claims };
  }
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let claims: AccessClaims;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (header.alg !== 'ES256' || typeof header.kid !== 'string' || typeof claims !== 'object' || claims === null) {
    return { ok: false, reason: 'malformed' };
  }
  const key = keys.signingKey(header.kid);
  if (!key) return { ok: false, reason: 'unknown-key', kid: header.kid };
  let publicKey = publicKeys.get(key);
  if (!publicKey) {
    publicKey = createPublicKey({ key: key.publicJwk, format: 'jwk' });
    publicKeys.set(key, publicKey);
  }
  const valid = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!valid) return { ok: false, reason: 'bad-signature' };
  if (claims.iss !== issuer) return { ok: false, reason: 'wrong-issuer' };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.site !== 'string' ||
    (claims.role !== 'visitor' && claims.role !== 'member')
  ) {
    return { ok: false, reason: 'malformed' };
  }
  verified.remember(token, { claims: Object.freeze(claims), key, kid: header.kid });
  return { ok: true, claims };
}

const verifiedTokens = new WeakMap<KeyRing, VerifiedTokens>();
function verifiedTokensOf(keys: KeyRing): VerifiedTokens {
  let cache = verifiedTokens.get(keys);
  if (!cache) {
    cache = new VerifiedTokens();
    verifiedTokens.set(keys, cache);
  }
  return cache;
}
