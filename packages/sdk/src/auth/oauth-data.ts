/**
 * The PKCE data a redirect sign-in starts with, and the reading of its callback URL: small and synchronous
 * enough (`parseFromUrl`) to stay in the SDK's first load, while the flows themselves load on first use.
 */
import { generateCodeChallenge, generateCodeVerifier } from './pkce.js';
import type { OAuthData } from './types.js';

export async function generateOAuthData(redirectUri = '', originalUri = ''): Promise<OAuthData> {
  const codeVerifier = generateCodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await generateCodeChallenge(codeVerifier),
    // The state is itself a challenge of a throwaway verifier: 43 unguessable URL-safe characters.
    state: await generateCodeChallenge(generateCodeVerifier()),
    redirectUri,
    originalUri,
  };
}

/** Reads `code`, `state`, `error`, `error_description` from the callback URL's fragment or query. */
export function parseFromUrl(url = globalThis.location.href, responseMode: 'query' | 'fragment' = 'fragment') {
  const u = new URL(url);
  const p = new URLSearchParams(responseMode == 'query' ? u.search : u.hash.slice(1));
  const error = p.get('error');
  return {
    code: p.get('code') ?? '',
    state: p.get('state') ?? '',
    ...(error && { error, errorDescription: p.get('error_description') || undefined }),
  };
}
