/**
 * Member sign-in through the authorize page: redirect sessions (login, silent login, logout), the code
 * exchange, and the API-key external logins for trusted servers. Loaded on first use (oauth-strategy.ts).
 */
import type { HttpContext } from '../module.js';
import { VitrineError, unexpectedResponse } from '../http/errors.js';
import { generateOAuthData } from './oauth-data.js';
import { waitForFrameMessage } from './silent-frame.js';
import type { SilentFrameOptions } from './silent-frame.js';
import type { TokenManager } from './tokens.js';
import type { OAuthData, Tokens } from './types.js';

export type Prompt = 'login' | 'none' | 'consent' | 'select_account';
export type ResponseMode = 'query' | 'fragment' | 'web_message';

/** The seed's MembersAccountSection values; the server has pages for ACCOUNT_INFO and ORDERS (docs/account-pages.md). */
export type MembersAccountSection = 'ACCOUNT_INFO' | 'ORDERS' | 'BOOKINGS' | 'SUBSCRIPTIONS' | 'EVENTS';

export interface AccountUrlOptions {
  /** Where the hosted account page's "Back to the shop" leads: a registered redirect URI or allowed origin. */
  postFlowUrl?: string;
}

export interface AuthUrlOptions {
  prompt?: Prompt;
  responseMode?: ResponseMode;
  sessionToken?: string;
}

interface RedirectSessionResponse {
  redirectSession?: { fullUrl?: string; sessionToken?: string; urlDetails?: { endpoint?: string } };
}

export function createRedirectFlows(http: HttpContext, clientId: string, tokens: TokenManager) {
  const createSession = async (body: object) => {
    const lang = http.language;
    const session = (
      await http.request<RedirectSessionResponse>({
        method: 'POST',
        path: '/_api/redirects-api/v1/redirect-session',
        // The hosted page shows itself in the shopper's language (docs/wire-format.md §4.5).
        body: lang ? { ...body, preferences: { additionalQueryParameters: { lang } } } : body,
      })
    ).redirectSession;
    if (!session?.fullUrl) throw unexpectedResponse();
    return session;
  };

  const authSession = (oauthData: OAuthData, opts: AuthUrlOptions = {}) =>
    createSession({
      auth: {
        authRequest: {
          redirectUri: oauthData.redirectUri || undefined,
          clientId,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: opts.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
          sessionToken: opts.sessionToken,
        },
        prompt: opts.prompt ?? 'login',
      },
    });

  /** Exchanges an authorization code for member tokens (returned, not stored). */
  const getMemberTokens = async (code: string, state: string, oauthData: OAuthData): Promise<Tokens> => {
    if (!code || !state) throw new VitrineError('Missing code or _state', 'MISSING_CODE_OR_STATE');
    if (state !== oauthData.state) throw new VitrineError('Invalid _state', 'INVALID_STATE');
    try {
      return await tokens.requestTokens(
        {
          clientId,
          grantType: 'authorization_code',
          ...(oauthData.redirectUri && { redirectUri: oauthData.redirectUri }),
          code,
          codeVerifier: oauthData.codeVerifier,
        },
        'member',
      );
    } catch (cause) {
      throw new VitrineError(
        'Failed to get member tokens',
        'TOKEN_EXCHANGE_FAILED',
        (cause as VitrineError).requestId,
        { cause },
      );
    }
  };

  return {
    getMemberTokens,
    async getAuthUrl(oauthData: OAuthData, opts?: AuthUrlOptions) {
      const s = await authSession(oauthData, opts);
      return { authUrl: s.fullUrl!, authorizationEndpoint: s.urlDetails?.endpoint, sessionToken: s.sessionToken };
    },
    /** Silent login after `login`/`register`: a hidden frame turns the session token into tokens. */
    async getMemberTokensForDirectLogin(
      sessionToken: string,
      frame?: Partial<Pick<SilentFrameOptions, 'window' | 'document' | 'timeoutMs' | 'origin'>>,
    ): Promise<Tokens> {
      const oauthData = await generateOAuthData();
      const s = await authSession(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
      const { code = '', state = '' } = await waitForFrameMessage({
        // The authorize page is served by the API; a relative base URL resolves against the page.
        origin: new URL(http.baseUrl, globalThis.location?.href).origin,
        ...frame,
        url: s.fullUrl!,
        state: oauthData.state,
      });
      return getMemberTokens(code, state, oauthData);
    },
    /** Returns the URL that ends the server session; the local tokens are cleared (role none). */
    async logout(originalUrl: string) {
      try {
        // Sent with the member's token, so the server knows whose session the URL ends.
        return {
          logoutUrl: (await createSession({ logout: { clientId }, callbacks: { postFlowUrl: originalUrl } })).fullUrl!,
        };
      } finally {
        // Even when the server cannot be reached, this device stops acting as the member.
        tokens.clearTokens();
      }
    },
    /**
     * A single-use, ten-minute URL of a hosted account page (docs/account-pages.md). Sent with the
     * member's token, it opens straight on the section; a visitor signs in on the hosted page first.
     */
    async getAccountUrl(section: MembersAccountSection, opts: AccountUrlOptions = {}) {
      const s = await createSession({
        membersAccount: { section },
        ...(opts.postFlowUrl ? { callbacks: { postFlowUrl: opts.postFlowUrl } } : {}),
      });
      return { accountUrl: s.fullUrl! };
    },
    /** Server-side only (API key): member tokens for a member id. */
    getMemberTokensForExternalLogin: (memberId: string, apiKey: string) =>
      tokens.requestTokens(
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        'member',
        { Authorization: (tokens.getActiveToken() ?? '') + ',' + apiKey },
      ),
    /** Server-side only (API key): signs the email on, then member tokens for that session. */
    async getMemberTokensForExternalLoginWithSession(email: string, apiKey: string, options?: Record<string, unknown>) {
      const headers = { Authorization: (await tokens.ensureTokens()).accessToken.value + ',' + apiKey };
      const r = await http.request<{ sessionToken?: string; identity?: { id?: string } }>({
        method: 'POST',
        path: '/_api/iam/authentication/v2/sign-on',
        body: { loginId: { email }, ...options },
        headers,
      });
      return tokens.requestTokens(
        { grant_type: 'authorized_client', member_id: r.identity?.id ?? '', session_token: r.sessionToken ?? '' },
        'member',
        headers,
      );
    },
  };
}
