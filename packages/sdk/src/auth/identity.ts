/**
 * Register, login and email verification as `{loginState, data?, error?, errorCode?}` results.
 * Expected failures are results, never exceptions; the mappings are pure functions for testing.
 */
import type { HttpContext } from '../module.js';
import {
  CAPTCHA_INVALID,
  CAPTCHA_REQUIRED,
  EMAIL_EXISTS,
  PASSWORD_RESET_REQUIRED,
  WRONG_PASSWORD,
} from '../http/error-codes.js';
import { ApplicationError, SystemError, ValidationError } from '../http/errors.js';
import type {
  CaptchaTokens,
  LoginErrorCode,
  LoginParams,
  LoginResult,
  MfaChallenge,
  MfaFactor,
  RegisterParams,
  VerifyFactorParams,
} from './types.js';

const AUTH = '/_api/iam/authentication/v2/';
const VERIFY = '/_api/iam/verification/v1/auth/';
const RECOVERY = '/_api/iam/recovery/v1/';

// Server application codes, compared as strings (a numeric code is not the same error).
const CODES: Record<string, LoginErrorCode> = {
  [CAPTCHA_REQUIRED]: 'missingCaptchaToken',
  [CAPTCHA_INVALID]: 'invalidCaptchaToken',
  [EMAIL_EXISTS]: 'emailAlreadyExists',
  [WRONG_PASSWORD]: 'invalidPassword',
  [PASSWORD_RESET_REQUIRED]: 'resetPassword',
};

/** Wire form: all tokens in ONE element with capitalised keys; absent tokens are left out. */
export function toWireCaptchaTokens(c?: CaptchaTokens) {
  return c && [{ Recaptcha: c.recaptcha, InvisibleRecaptcha: c.invisibleRecaptcha, Altcha: c.altcha }];
}

type Custom = Record<string, { strValue?: string; numValue?: number } | undefined>;
type MfaData = { availableFactors?: MfaFactor[] };

/** Maps a StateMachineResponse `state` to the client login state. */
export function toLoginResult(response: unknown): LoginResult {
  const r = (response ?? {}) as {
    state?: unknown;
    sessionToken?: string;
    stateToken?: string;
    additionalData?: Custom;
    requireMfaData?: MfaData;
    mfaChallengeData?: MfaData & MfaChallenge;
  };
  const extra = r.additionalData ?? {};
  switch (r.state) {
    case 'SUCCESS':
      return {
        loginState: 'SUCCESS',
        data: { sessionToken: r.sessionToken, ...(extra.deviceToken && { deviceToken: extra.deviceToken.strValue }) },
      };
    // The second step: which factors, the emailed-code or passkey challenge, attempts left after a wrong code.
    case 'REQUIRE_MFA':
    case 'MFA_CHALLENGE': {
      const c = r.mfaChallengeData;
      return {
        loginState: 'MFA_REQUIRED',
        data: {
          stateToken: r.stateToken,
          factors: (c ?? r.requireMfaData)?.availableFactors,
          ...(c && { challenge: c }),
          ...(extra.attemptsLeft && { attemptsLeft: extra.attemptsLeft.numValue }),
          ...(extra.failure?.strValue && { failure: extra.failure.strValue }),
        },
      };
    }
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: r.stateToken } };
  }
  return { loginState: 'FAILURE', error: 'Unknown _state' };
}

const failure = (error: unknown, errorCode?: LoginErrorCode): LoginResult => ({
  loginState: 'FAILURE',
  error: (error as Error)?.message ?? String(error),
  ...(errorCode && { errorCode }),
});

/**
 * Maps a failed register/login/verify call to a FAILURE result. Register: email violation →
 * invalidEmail, captcha and duplicate codes, else the message alone. Login: captcha, password and
 * reset codes, any other verdict → invalidEmail. No answer or an unusable one gets its own code.
 */
export function toFailure(e: unknown, flow: 'register' | 'login' | 'verify'): LoginResult {
  if (e instanceof SystemError) return failure(e, e.status ? 'unexpectedResponse' : 'networkError');
  if (!(e instanceof ApplicationError || e instanceof ValidationError)) return failure(e, 'unexpectedResponse');
  const email = (e as ValidationError).violations?.find((v) => v.data?.type == 'EMAIL');
  // Object keys are strings: without the type check a numeric -19976 would match '-19976'.
  const code = typeof e.code == 'string' ? CODES[e.code] : undefined;
  if (flow == 'verify') {
    // The second step's refusals a page words for itself (then offers another factor), named as in the
    // server's catalogue: PHONE_RESEND_TOO_SOON, PHONE_LIMIT_REACHED, PHONE_DELIVERY_FAILED, PUSH_DENIED;
    // a refusal to wait says how long.
    const c = e.code as LoginErrorCode;
    return {
      ...failure(e, /^PHONE_|^PUSH_DENIED/.test(c) ? c : undefined),
      retryAfterSeconds: (e as ApplicationError).data?.retryAfterSeconds as number | undefined,
    };
  }
  if (flow == 'register') {
    return email
      ? failure(email.description, 'invalidEmail')
      : failure(e, code == 'invalidPassword' || code == 'resetPassword' ? undefined : code);
  }
  return failure(email ? email.description : e, code && code != 'emailAlreadyExists' ? code : 'invalidEmail');
}

export function createIdentity(http: HttpContext, clientId: string) {
  // Remembered so `processVerification(inputs)` works without passing the state back in.
  let lastState: LoginResult | undefined;

  const run = async (path: string, body: unknown, flow: 'register' | 'login' | 'verify'): Promise<LoginResult> => {
    let result: LoginResult;
    try {
      result = toLoginResult(await http.request({ method: 'POST', path, body }));
    } catch (e) {
      return toFailure(e, flow);
    }
    if (result.loginState == 'EMAIL_VERIFICATION_REQUIRED' || result.loginState == 'MFA_REQUIRED') lastState = result;
    return result;
  };

  const credentials = (p: LoginParams) => ({
    loginId: { email: p.email },
    password: p.password,
    captchaTokens: toWireCaptchaTokens(p.captchaTokens),
    clientMetaData: p.clientMetaData,
  });

  const post = (path: string, body: unknown) => http.request({ method: 'POST', path, body }).then(() => undefined);

  return {
    // A new member's profile keeps the language they shopped in (their mails follow it).
    register: (p: RegisterParams) =>
      run(
        AUTH + 'register',
        { ...credentials(p), profile: http.language ? { language: http.language, ...p.profile } : p.profile },
        'register',
      ),
    login: (p: LoginParams) => run(AUTH + 'login', credentials(p), 'login'),
    /** Completes `EMAIL_VERIFICATION_REQUIRED` with the emailed code. */
    async processVerification(inputs: { verificationCode?: string; code?: string }, state = lastState) {
      return state?.loginState != 'EMAIL_VERIFICATION_REQUIRED'
        ? failure('Unknown _state')
        : run(
            VERIFY + 'verify',
            { code: inputs.verificationCode ?? inputs.code, stateToken: state.data?.stateToken },
            'verify',
          );
    },
    /**
     * Answers `MFA_REQUIRED` with a factor: TOTP, EMAIL (no code = mail one), SMS or CALL (no code = text
     * or call one; `deliveryMethod: "WHATSAPP"`), PUSH (no `transactionId` = start an approval; with one,
     * MFA_REQUIRED while `challenge.verificationChallengeData.pushData.status` is PENDING), RECOVERY_CODE, or WEBAUTHN
     * (`webauthn: {challengeId, credential}`; without a stateToken, the password-free sign-in).
     */
    verifyFactor: (p: VerifyFactorParams, state = lastState) =>
      run(
        AUTH + p.factorType.toLowerCase() + '/verify',
        {
          stateToken: p.stateToken ?? state?.data?.stateToken,
          rememberThisDevice: p.rememberThisDevice,
          [{
            TOTP: 'totp',
            EMAIL: 'email',
            RECOVERY_CODE: 'recoveryCode',
            WEBAUTHN: 'webauthn',
            SMS: 'sms',
            CALL: 'call',
            PUSH: 'push',
          }[p.factorType.toUpperCase()] + 'Data']:
            p.webauthn ??
            (p.transactionId ? { transactionId: p.transactionId } : undefined) ??
            (p.code || p.deliveryMethod
              ? {
                  ...(p.code ? { code: p.code } : {}),
                  ...(p.deliveryMethod ? { deliveryMethod: p.deliveryMethod } : {}),
                }
              : undefined),
        },
        'verify',
      ),
    /** Sends a new verification code for the pending (or given) verification state. */
    resendVerificationCode: (state = lastState) => post(VERIFY + 'resend', { stateToken: state?.data?.stateToken }),
    sendPasswordResetEmail: (email: string, redirectUri: string) =>
      post(RECOVERY + 'send-email', { email, language: http.language, redirect: { url: redirectUri, clientId } }),
    /** Mails a member (the caller themself, or any with an API key) a link to set a password. */
    sendActivationEmail: (identityId: string, redirectUri?: string) =>
      post(RECOVERY + 'activation-email', {
        identityId,
        emailOptions: { language: http.language, redirect: redirectUri && { url: redirectUri, clientId } },
      }),
    /**
     * Changes the signed-in member's password (the server ends the member's other sessions). Without
     * `currentPassword` the server accepts it only within 10 minutes of signing in.
     */
    changePassword: (newPassword: string, currentPassword?: string) =>
      post(AUTH + 'change-password', { newPassword, currentPassword }),
  };
}
