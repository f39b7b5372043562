/**
 * The hosted-login (redirect) round trip: the PKCE data is kept in `sessionStorage` across the
 * redirect, and the callback's code is exchanged at most once per page — a second handling of the
 * same callback (React Strict Mode runs effects twice) shares the first exchange instead of replaying
 * the single-use code, which the server would treat as an attack.
 */
import type { AuthClient, OAuthDataLike, Tokens } from './client-types.js';

const STORAGE_KEY = 'vitrine.oauthData';

export interface RedirectResult {
  tokens: Tokens;
  /** Where the shopper was when sign-in started. */
  returnTo: string;
}

const exchanges = new Map<string, Promise<RedirectResult>>();

function sessionStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export async function startRedirectLogin(
  auth: AuthClient,
  redirectUri: string,
  returnTo: string,
  prompt: 'login' | 'none' | 'consent' | 'select_account' = 'login',
): Promise<string> {
  return startLogin(auth, redirectUri, returnTo, (oauthData) =>
    auth.getAuthUrl(oauthData, { prompt }).then((r) => r.authUrl),
  );
}

/**
 * Any sign-in that ends at the redirect URI with a code (hosted page, an identity provider's button):
 * the PKCE data is kept for `completeRedirectLogin`, then `addressOf` names where to send the browser.
 */
export async function startLogin(
  auth: AuthClient,
  redirectUri: string,
  returnTo: string,
  addressOf: (oauthData: OAuthDataLike) => Promise<string>,
): Promise<string> {
  const oauthData = await auth.generateOAuthData(redirectUri, returnTo);
  sessionStore()?.setItem(
    STORAGE_KEY,
    JSON.stringify({ ...oauthData, originalUri: oauthData.originalUri ?? returnTo }),
  );
  return addressOf(oauthData);
}

export class RedirectLoginError extends Error {
  constructor(
    message: string,
    readonly code: 'access_denied' | 'missing_code' | 'no_pending_login' | 'exchange_failed' | string,
  ) {
    super(message);
    this.name = 'RedirectLoginError';
  }
}

/** The answer of the login page: in the fragment (default response mode) or in the query. */
function callbackParams(url: string): URLSearchParams {
  const parsed = new URL(url);
  const fragment = new URLSearchParams(parsed.hash.slice(1));
  return fragment.has('code') || fragment.has('error') ? fragment : parsed.searchParams;
}

/** Completes the callback at `url`; stores the member tokens through `auth.setTokens`. */
export function completeRedirectLogin(auth: AuthClient, url: string): Promise<RedirectResult> {
  const params = callbackParams(url);
  const code = params.get('code') ?? '';
  const key = code || `error:${params.get('error') ?? ''}:${params.get('state') ?? ''}`;
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = exchangeCode(auth, url, code);
    exchanges.set(key, exchange);
  }
  return exchange;
}

async function exchangeCode(auth: AuthClient, url: string, code: string): Promise<RedirectResult> {
  const params = callbackParams(url);
  const error = params.get('error');
  if (error) throw new RedirectLoginError(params.get('error_description') || 'Sign-in was cancelled.', error);
  if (!code) throw new RedirectLoginError('The sign-in answer carried no code.', 'missing_code');
  const storage = sessionStore();
  const saved = storage?.getItem(STORAGE_KEY);
  if (!saved) throw new RedirectLoginError('No sign-in was waiting for this answer.', 'no_pending_login');
  const oauthData = JSON.parse(saved) as OAuthDataLike;
  const state = params.get('state') ?? '';
  let tokens: Tokens;
  try {
    tokens = await auth.getMemberTokens(code, state, oauthData);
  } catch (cause) {
    throw new RedirectLoginError(cause instanceof Error ? cause.message : 'Sign-in failed.', 'exchange_failed');
  }
  storage?.removeItem(STORAGE_KEY);
  auth.setTokens(tokens);
  return { tokens, returnTo: oauthData.originalUri || '/' };
}
