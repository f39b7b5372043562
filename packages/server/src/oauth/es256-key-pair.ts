import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * A new P-256 (ES256) key pair: the private key as a KeyObject and both halves as JWKs.
 *
 * Never `generateKeyPairSync('ec')` and then `.export({ format: 'jwk' })` of the keys it returns: on Node 20
 * those KeyObjects share one mutex with the finished key-generation job, and a JWK export holds it while it
 * allocates; when that allocation runs a garbage collection that finalises the job, the job's destructor waits
 * for the mutex the export holds and the thread deadlocks for good (a server start hung that way in `npm test`;
 * the naive loop hangs within a few hundred keys). The job here returns DER bytes, and the KeyObjects made
 * from them share nothing with it. `es256-key-pair.test.ts` runs the loop.
 */
export function generateEs256KeyPair(): { privateKey: KeyObject; privateJwk: JsonWebKey; publicJwk: JsonWebKey } {
  const der = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  const privateKey = createPrivateKey({ key: der.privateKey, format: 'der', type: 'pkcs8' });
  const publicJwk = createPublicKey({ key: der.publicKey, format: 'der', type: 'spki' }).export({ format: 'jwk' });
  return { privateKey, privateJwk: privateKey.export({ format: 'jwk' }), publicJwk };
}
