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
  | 'SILENT_CAPTCHA_REQUIRED'
  /** A second factor is needed: answer with `auth.verifyFactor` (data: stateToken, factors). */
  | 'MFA_REQUIRED';

export interface MfaFactor {
  factorType: 'TOTP' | 'EMAIL' | 'WEBAUTHN' | 'RECOVERY_CODE' | 'SMS' | 'CALL' | 'PUSH';
  /** REQUIRE_ACTIVATION: the site requires a factor the member has yet to enrol. */
  factorStatus: 'ENABLED' | 'REQUIRE_ACTIVATION';
  /** SMS on Vitrine's server: the ways a code may be texted (no WHATSAPP without a sender for it); absent = both. */
  deliveryMethods?: ('SMS' | 'WHATSAPP')[];
}

/** The server's `mfaChallengeData`: an emailed code's address hint, or a passkey challenge. */
export interface MfaChallenge {
  factorType: MfaFactor['factorType'];
  verificationChallengeData?: {
    hint?: string;
    /** SMS and CALL once a code went: seconds before another may be asked for. */
    resendAfterSeconds?: number;
    webauthnData?: { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
    /** PUSH: the transaction to poll, the number the waiting page shows, and whether it was answered. */
    pushData?: {
      transactionId: string;
      matchNumber: number;
      expiresDate: string;
      status: 'PENDING' | 'APPROVED' | 'DENIED' | 'EXPIRED';
    };
  };
}

export interface VerifyFactorParams {
  factorType: MfaFactor['factorType'] | 'totp' | 'email' | 'webauthn' | 'recovery_code' | 'sms' | 'call' | 'push';
  /** Without a code, EMAIL mails one, SMS texts one and CALL calls with one (the answer says where: `challenge.verificationChallengeData.hint`). */
  code?: string;
  /** SMS: deliver the code by text (default) or WhatsApp. */
  deliveryMethod?: 'SMS' | 'WHATSAPP';
  /** Defaults to the stateToken of the last MFA_REQUIRED result. */
  stateToken?: string;
  /** SUCCESS then carries `data.deviceToken`: send it as `clientMetaData.deviceToken` at the next login. */
  rememberThisDevice?: boolean;
  /** PUSH: the transaction to ask about (without one, a push approval starts). */
  transactionId?: string;
  /** A passkey answer: the challenge id and `PublicKeyCredential.toJSON()`. */
  webauthn?: { challengeId: string; credential: unknown };
}

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
  | 'unexpectedResponse'
  /** Second step: a code went to the phone a moment ago (`retryAfterSeconds` says how long to wait). */
  | 'PHONE_RESEND_TOO_SOON'
  /** Second step: the day's codes for this number, address, member or site are used up, or the country is not served. */
  | 'PHONE_LIMIT_REACHED'
  /** Second step: the text or call provider failed; another factor may work. */
  | 'PHONE_DELIVERY_FAILED'
  /** Second step: the push approval was denied on the member's other device; the step is over. */
  | 'PUSH_DENIED';

export interface LoginResult {
  loginState: LoginState;
  data?: {
    sessionToken?: string;
    stateToken?: string;
    deviceToken?: string;
    factors?: MfaFactor[];
    challenge?: MfaChallenge;
    /** Set after a wrong code: the attempts this stateToken has left. */
    attemptsLeft?: number;
    /** Why the last answer did not pass: `WRONG_CODE`, or `PUSH_EXPIRED` for a push approval nobody answered. */
    failure?: string;
  };
  error?: string;
  errorCode?: LoginErrorCode;
  /** A second step's refusal to wait (`PHONE_RESEND_TOO_SOON`, a daily `PHONE_LIMIT_REACHED`, too many tries): seconds before asking again can work. */
  retryAfterSeconds?: number;
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
