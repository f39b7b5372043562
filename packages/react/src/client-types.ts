/**
 * The slice of an `@vitrine/sdk` client (or an `@wix/sdk` client with OAuthStrategy) the bindings use.
 * Declared structurally so the provider accepts either client and tests can pass a small fake.
 */

// The token and login-result shapes are the SDK's own (type-only: nothing of the SDK is bundled by this).
import type {
  LoginErrorCode,
  LoginResult,
  MembersAccountSection,
  TokenRole,
  Tokens,
  VerifyFactorParams,
} from '@vitrine/sdk';

export type { LoginErrorCode, LoginResult, MembersAccountSection, TokenRole, Tokens, VerifyFactorParams };

export interface OAuthDataLike {
  state: string;
  redirectUri: string;
  originalUri?: string;
  codeVerifier: string;
  codeChallenge?: string;
}

export interface AuthClient {
  login(params: {
    email: string;
    password: string;
    captchaTokens?: Record<string, string>;
    clientMetaData?: Record<string, unknown>;
  }): Promise<LoginResult>;
  register(params: {
    email: string;
    password: string;
    profile?: Record<string, unknown>;
    captchaTokens?: Record<string, string>;
  }): Promise<LoginResult>;
  /** `state` is the EMAIL_VERIFICATION_REQUIRED result (defaults to the client's last one). */
  processVerification(inputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>;
  resendVerificationCode?(state?: LoginResult): Promise<unknown>;
  changePassword?(newPassword: string, currentPassword?: string): Promise<unknown>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<unknown>;
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  getMemberTokens(code: string, state: string, oauthData: OAuthDataLike): Promise<Tokens>;
  generateOAuthData(redirectUri: string, originalUri?: string): OAuthDataLike | Promise<OAuthDataLike>;
  getAuthUrl(
    oauthData: OAuthDataLike,
    opts?: { prompt?: 'login' | 'none' | 'consent' | 'select_account' },
  ): Promise<{ authUrl: string }>;
  parseFromUrl(url?: string): { code?: string; state?: string; error?: string; errorDescription?: string };
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /** `@vitrine/sdk`: a hosted account page's single-use URL (docs/account-pages.md). */
  getAccountUrl?(section: MembersAccountSection, opts?: { postFlowUrl?: string }): Promise<{ accountUrl: string }>;
  setTokens(tokens: Tokens): void;
  getTokens(): Tokens;
  loggedIn(): boolean;
  getAuthHeaders?(): Promise<{ headers: { Authorization: string } }>;
  onStatusChange?(listener: (event: { type: string }) => void): () => void;
  /** `@vitrine/sdk`: forgets an access token the server refused (401); the next call renews or ends the member session. */
  expireAccessToken?(refused: string): void;
  /** Answers MFA_REQUIRED (`@vitrine/sdk`; the `@wix/sdk` strategy has no second step). */
  verifyFactor?(params: VerifyFactorParams, state?: LoginResult): Promise<LoginResult>;
  /** The API origin (`@vitrine/sdk`'s OAuthStrategy). */
  readonly baseUrl?: string;
}

export interface VitrineClientLike {
  auth: AuthClient;
  /** `@vitrine/sdk` clients: the language their calls send (data reads, mails, hosted pages). */
  readonly language?: string;
  setLanguage?(language: string | undefined): void;
}
