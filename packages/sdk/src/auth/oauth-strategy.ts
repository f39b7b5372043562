/**
 * `OAuthStrategy`: the visitor/member auth client, with the call shapes of `@wix/sdk`'s strategy
 * so an app can switch by changing its import (and pointing `baseUrl` at a Vitrine server).
 */
import { createHttp } from '../http/request.js';
import { generateOAuthData, parseFromUrl } from './oauth-data.js';
import { onFirstUse } from './on-first-use.js';
import { memoryStorage } from './storage.js';
import { createTokenManager } from './tokens.js';
import type { TokenStorage, Tokens } from './types.js';

export const DEFAULT_BASE_URL = 'https://www.wixapis.com';

export interface OAuthStrategyOptions {
  clientId: string;
  /** API origin; defaults to Wix's. */
  baseUrl?: string;
  /** Initial tokens (e.g. restored by the app); written to the storage. */
  tokens?: Tokens;
  /** Where tokens live; defaults to memory. */
  tokenStorage?: TokenStorage;
  /** The shopper's language: recovery and activation mails, new members' profiles, hosted pages (`lang`). */
  language?: string;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

export function OAuthStrategy(options: OAuthStrategyOptions) {
  const { clientId, baseUrl = DEFAULT_BASE_URL, tokens, tokenStorage: storage = memoryStorage() } = options;
  if (tokens) storage.set(tokens);
  // Token requests go out without Authorization; everything else awaits a valid token first.
  const http = createHttp({
    baseUrl,
    getAuthHeaders: () => manager.getAuthHeaders(),
    onUnauthorized: (refused) => manager.expireAccessToken(refused),
  });
  http.language = options.language;
  const manager = createTokenManager({ clientId, http, storage, now: options.now });
  const { requestTokens: _r, ensureTokens: _e, ...lifecycle } = manager;
  const identity = onFirstUse(() => import('./identity.js').then((m) => m.createIdentity(http, clientId)), {
    register: true,
    login: true,
    processVerification: true,
    verifyFactor: true,
    resendVerificationCode: true,
    sendPasswordResetEmail: true,
    sendActivationEmail: true,
    changePassword: true,
  });
  const redirects = onFirstUse(
    () => import('./redirect.js').then((m) => m.createRedirectFlows(http, clientId, manager)),
    {
      getMemberTokens: true,
      getAuthUrl: true,
      getMemberTokensForDirectLogin: true,
      logout: true,
      getAccountUrl: true,
      getMemberTokensForExternalLogin: true,
      getMemberTokensForExternalLoginWithSession: true,
    },
  );
  return {
    clientId,
    baseUrl: http.baseUrl,
    setLanguage: (language: string | undefined) => void (http.language = language),
    ...lifecycle,
    ...identity,
    generateOAuthData,
    parseFromUrl,
    ...redirects,
    /** Returns the URL that ends the server session; the local tokens are cleared (role none). */
    logout: (originalUrl: string) =>
      redirects.logout(originalUrl).catch((error: unknown) => {
        // Even when the flows could not be loaded, this device stops acting as the member.
        manager.clearTokens();
        throw error;
      }),
  };
}

export type OAuthStrategyClient = ReturnType<typeof OAuthStrategy>;
