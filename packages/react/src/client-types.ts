/**
 * The slice of an `@vitrine/sdk` client (or an `@wix/sdk` client with OAuthStrategy) the bindings use.
 * Declared structurally so the provider accepts either client and tests can pass a small fake.
 */

export type TokenRole = 'none' | 'visitor' | 'member';

export interface Tokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: TokenRole };
}

export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'networkError'
  | 'unexpectedResponse';

export interface LoginResult {
  loginState: 'INITIAL' | 'SUCCESS' | 'FAILURE' | 'EMAIL_VERIFICATION_REQUIRED' | 'OWNER_APPROVAL_REQUIRED' | 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED';
  data?: { sessionToken?: string; stateToken?: string };
  error?: string;
  errorCode?: LoginErrorCode;
}

export interface OAuthDataLike {
  state: string;
  redirectUri: string;
  originalUri?: string;
  codeVerifier: string;
  codeChallenge?: string;
}

export interface AuthClient {
  login(params: { email: string; password: string; captchaTokens?: Record<string, string> }): Promise<LoginResult>;
  register(params: { email: string; password: string; profile?: Record<string, unknown>; captchaTokens?: Record<string, string> }): Promise<LoginResult>;
  /** `state` is the EMAIL_VERIFICATION_REQUIRED result (defaults to the client's last one). */
  processVerification(inputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>;
  resendVerificationCode?(state?: LoginResult): Promise<unknown>;
  changePassword?(newPassword: string): Promise<unknown>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<unknown>;
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  getMemberTokens(code: string, state: string, oauthData: OAuthDataLike): Promise<Tokens>;
  generateOAuthData(redirectUri: string, originalUri?: string): OAuthDataLike | Promise<OAuthDataLike>;
  getAuthUrl(oauthData: OAuthDataLike, opts?: { prompt?: 'login' | 'none' | 'consent' | 'select_account' }): Promise<{ authUrl: string }>;
  parseFromUrl(url?: string): { code?: string; state?: string; error?: string; errorDescription?: string };
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  setTokens(tokens: Tokens): void;
  getTokens(): Tokens;
  loggedIn(): boolean;
  getAuthHeaders?(): Promise<{ headers: { Authorization: string } }>;
  onStatusChange?(listener: (event: { type: string }) => void): () => void;
}

export interface VitrineClientLike {
  auth: AuthClient;
}
