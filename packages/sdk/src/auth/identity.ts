/**
 * Register, login, email verification and the second step as `{loginState, data?, error?, errorCode?}`
 * results (login-result.ts maps the answers). Loaded on first use (oauth-strategy.ts).
 */
import type { HttpContext } from '../module.js';
import { failure, toFailure, toLoginResult } from './login-result.js';
import type { CaptchaTokens, LoginParams, LoginResult, RegisterParams, VerifyFactorParams } from './types.js';

const AUTH = '/_api/iam/authentication/v2/';
const VERIFY = '/_api/iam/verification/v1/auth/';
const RECOVERY = '/_api/iam/recovery/v1/';

/** Wire form: all tokens in ONE element with capitalised keys; absent tokens are left out. */
export function toWireCaptchaTokens(c?: CaptchaTokens) {
  return c && [{ Recaptcha: c.recaptcha, InvisibleRecaptcha: c.invisibleRecaptcha, Altcha: c.altcha }];
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
