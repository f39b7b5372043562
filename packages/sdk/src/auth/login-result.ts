/**
 * Server answers of the sign-in flows as `{loginState, data?, error?, errorCode?}` results: expected
 * failures are results, never exceptions. Pure functions, shared by the identity flows, second factors and SSO.
 */
import {
  CAPTCHA_INVALID,
  CAPTCHA_REQUIRED,
  EMAIL_EXISTS,
  PASSWORD_RESET_REQUIRED,
  WRONG_PASSWORD,
} from '../http/error-codes.js';
import { ApplicationError, SystemError, ValidationError } from '../http/errors.js';
import type { LoginErrorCode, LoginResult, MfaChallenge, MfaFactor } from './types.js';

// Server application codes, compared as strings (a numeric code is not the same error).
const CODES: Record<string, LoginErrorCode> = {
  [CAPTCHA_REQUIRED]: 'missingCaptchaToken',
  [CAPTCHA_INVALID]: 'invalidCaptchaToken',
  [EMAIL_EXISTS]: 'emailAlreadyExists',
  [WRONG_PASSWORD]: 'invalidPassword',
  [PASSWORD_RESET_REQUIRED]: 'resetPassword',
};

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

export const failure = (error: unknown, errorCode?: LoginErrorCode): LoginResult => ({
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
