/** Token shapes, identical to `@wix/sdk` so stored tokens and app code carry over unchanged. */

export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  value: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Where tokens live. Synchronous so `getTokens()`/`loggedIn()` can answer without awaiting. */
export interface TokenStorage {
  get(): Tokens | null | undefined;
  set(tokens: Tokens): void;
  /** Reports changes made elsewhere (another tab); returns an unsubscribe function. */
  subscribe?(listener: () => void): () => void;
}

export const emptyTokens = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
});

/** What the auth status listeners receive. */
export type AuthEvent =
  | { type: 'role-changed'; role: TokenRole; previous: TokenRole }
  /** A member's refresh was refused; the client continues as a new visitor. */
  | { type: 'member-session-ended'; reason: unknown };

export type LoginState =
  | 'INITIAL'
  | 'SUCCESS'
  | 'FAILURE'
  | 'EMAIL_VERIFICATION_REQUIRED'
  | 'OWNER_APPROVAL_REQUIRED'
  | 'USER_CAPTCHA_REQUIRED'
  | 'SILENT_CAPTCHA_REQUIRED';

export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  /** No answer from the server (offline, DNS, CORS). */
  | 'networkError'
  /** An answer the client cannot interpret (server fault, malformed body). */
  | 'unexpectedResponse';

export interface LoginResult {
  loginState: LoginState;
  data?: { sessionToken?: string; stateToken?: string };
  error?: string;
  errorCode?: LoginErrorCode;
}

export interface CaptchaTokens {
  recaptcha?: string;
  invisibleRecaptcha?: string;
  altcha?: string;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
  clientMetaData?: Record<string, unknown>;
}

export interface RegisterParams extends LoginParams {
  /** Identity profile in wire shape (`firstName`, `lastName`, `customFields`, …). */
  profile?: Record<string, unknown>;
}

export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri: string;
}
