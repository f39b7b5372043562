/**
 * Token lifecycle: reuse a valid access token, renew it shortly before expiry with the refresh
 * token, fall back to a new visitor when the refresh is refused. Concurrent callers share one
 * in-flight request, so a page firing ten calls at start-up costs one token request.
 */
import type { HttpContext } from '../module.js';
import { SystemError, unexpectedResponse } from '../http/errors.js';
import { emptyTokens } from './types.js';
import type { AuthEvent, RefreshToken, TokenRole, TokenStorage, Tokens } from './types.js';

/** Renew this many seconds before expiry, so a token does not lapse between check and use. */
export const RENEW_SKEW_SECONDS = 60;

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
}

export interface TokenManagerOptions {
  clientId: string;
  http: HttpContext;
  storage: TokenStorage;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager({ clientId, http, storage, now = Date.now }: TokenManagerOptions) {
  const listeners = new Set<(event: AuthEvent) => void>();
  const pending = new Map<string, Promise<Tokens>>();
  // Lifetime of the access token we last obtained: a short-lived token is renewed at half-life,
  // never immediately (which would loop on a server issuing tokens shorter than the skew).
  let issued: [value: string, lifetime: number] | undefined;
  let renewing: Promise<Tokens> | undefined;

  const seconds = () => Math.floor(now() / 1000);
  const emit = (event: AuthEvent) => listeners.forEach((l) => l(event));
  const getTokens = (): Tokens => storage.get() ?? emptyTokens();
  const role = (): TokenRole => getTokens().refreshToken.role;

  const isFresh = (t?: Partial<Tokens>): boolean => {
    const a = t?.accessToken;
    if (!a?.value) return false;
    const life = issued?.[0] == a.value ? issued[1] : Infinity;
    return a.expiresAt - Math.min(RENEW_SKEW_SECONDS, life / 2) > seconds();
  };

  /** POSTs to the token endpoint; identical concurrent requests share one round trip. */
  const requestTokens = (
    body: Record<string, string>,
    newRole: TokenRole,
    headers?: Record<string, string>,
    keepRefresh = '',
  ): Promise<Tokens> => {
    const key = JSON.stringify([body, headers]);
    let p = pending.get(key);
    if (!p) {
      p = http
        .request<TokenResponse>({ method: 'POST', path: '/oauth2/token', body, headers, anonymous: true })
        .then((r) => {
          const lifetime = Number(r.expires_in);
          if (!r.access_token || !(lifetime > 0)) throw unexpectedResponse();
          issued = [r.access_token, lifetime];
          return {
            accessToken: { value: r.access_token, expiresAt: seconds() + lifetime },
            // A rotated refresh token replaces the old one; without rotation the old one stays valid.
            refreshToken: { value: r.refresh_token || keepRefresh, role: newRole },
          };
        })
        .finally(() => pending.delete(key));
      pending.set(key, p);
    }
    return p;
  };

  const anonymousTokens = () => requestTokens({ clientId, grantType: 'anonymous' }, 'visitor');

  const renewToken = (refreshToken: RefreshToken) =>
    requestTokens(
      { clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' },
      refreshToken.role,
      undefined,
      refreshToken.value,
    );

  // The role our listeners last heard of; compared after every local or cross-tab change.
  let knownRole = role();
  const announceRole = () => {
    const previous = knownRole;
    knownRole = role();
    if (knownRole != previous) emit({ type: 'role-changed', role: knownRole, previous });
  };
  storage.subscribe?.(announceRole);

  const setTokens = (tokens: Tokens) => {
    storage.set(tokens);
    announceRole();
  };

  /** Returns valid tokens, renewing and storing them when needed (one renewal at a time). */
  const ensureTokens = async (): Promise<Tokens> => {
    const current = getTokens();
    if (isFresh(current)) return current;
    return (renewing ??= (async () => {
      const refresh = current.refreshToken;
      let next: Tokens;
      try {
        next = refresh?.value ? await renewToken(refresh) : await anonymousTokens();
      } catch (reason) {
        // No answer or a server fault is transient: keep the session and let the caller retry.
        if (!refresh?.value || reason instanceof SystemError) throw reason;
        if (refresh.role == 'member') emit({ type: 'member-session-ended', reason });
        next = await anonymousTokens();
      }
      // Tokens set meanwhile (a login, another tab's renewal) are newer than ours: keep them.
      if (getTokens().refreshToken?.value == refresh?.value) setTokens(next);
      return next;
    })().finally(() => (renewing = undefined)));
  };

  return {
    getTokens,
    setTokens,
    renewToken,
    requestTokens,
    ensureTokens,
    loggedIn: () => role() == 'member',
    getActiveToken: (): string | undefined => getTokens().accessToken.value || undefined,
    async getAuthHeaders() {
      return { headers: { Authorization: (await ensureTokens()).accessToken.value } };
    },
    /** Tokens for the given pair: kept when fresh, refreshed, else new visitor tokens. Not stored. */
    async generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens> {
      const refresh = tokens?.refreshToken;
      if (refresh?.value) {
        if (isFresh(tokens)) return tokens as Tokens;
        try {
          return await renewToken(refresh);
        } catch {
          // Refused refresh: a visitor starts over, as with the Wix client.
        }
      }
      return anonymousTokens();
    },
    /**
     * The server refused this access token (401): forget it, so the next call renews with the refresh
     * token; a refused renewal then ends a member's session (a block, a sign-out elsewhere) and a
     * visitor carries on. A token we no longer hold (already renewed) changes nothing.
     */
    expireAccessToken(refused: string): void {
      const current = getTokens();
      if (!refused || current.accessToken.value != refused) return;
      storage.set({ ...current, accessToken: { value: '', expiresAt: 0 } });
    },
    /** Clears the tokens (role `none`); the next call starts a new visitor. */
    clearTokens: () => setTokens(emptyTokens()),
    onStatusChange(listener: (event: AuthEvent) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
