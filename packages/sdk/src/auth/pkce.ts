/** PKCE (RFC 7636) with web crypto only, so it runs unchanged in browsers and Node ≥ 18. */
import { VitrineError } from '../http/errors.js';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A random verifier of `length` unreserved characters (43 when 0 or omitted). */
export function generateCodeVerifier(length = 43): string {
  length ||= 43;
  if (!(Number.isInteger(length) && length >= 43 && length <= 128)) {
    throw new VitrineError(`Expected a length between 43 and 128. Received ${length}.`, 'INVALID_LENGTH');
  }
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      // Bytes ≥ 198 (3 × 66) are skipped so every character is equally likely (no modulo bias).
      if (byte < 198 && verifier.length < length) verifier += UNRESERVED[byte % 66];
    }
  }
  return verifier;
}

/** S256 challenge: base64url(SHA-256(verifier)) without padding. */
export async function generateCodeChallenge(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}
