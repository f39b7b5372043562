/** Identity errors in the hosted pages' words: field by field, in the page's language. */

import { ApplicationError, ValidationError, type ApiError } from '../errors/wire.js';
import { ERRORS } from '../errors/catalogue.js';
import { type FormState } from './views.js';
import { type MessageKey, type Translator } from '../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/index.js';

const PASSWORD_RULES: Record<string, MessageKey> = {
  REQUIRED: 'error.passwordRequired',
  VALUE_TOO_SHORT: 'error.passwordTooShortLong',
  VALUE_TOO_LONG: 'error.passwordTooLong',
  COMMON_PASSWORD: 'error.passwordCommon',
  CONTEXT_PASSWORD: 'error.passwordContext',
};

/** Application error codes → the page's words (the API's own messages are English and for developers). */
const CODE_MESSAGES: Record<string, MessageKey> = {
  [ERRORS.PASSWORD_RESET_REQUIRED.code]: 'error.passwordResetRequired',
  [ERRORS.CAPTCHA_REQUIRED.code]: 'error.captchaNeeded',
  [ERRORS.CAPTCHA_INVALID.code]: 'error.captchaFailed',
  [ERRORS.INVALID_STATE_TOKEN.code]: 'error.stepExpired',
  [ERRORS.MEMBER_BLOCKED.code]: 'error.memberBlocked',
  [ERRORS.MEMBER_PENDING_APPROVAL.code]: 'page.approval.text',
  [ERRORS.WEBAUTHN_FAILED.code]: 'error.passkeyFailed',
  [ERRORS.PUSH_DENIED.code]: 'error.pushDenied',
};

/** Field errors from an identity error, worded for people in the page's language; never whether an account exists. */
export function explain(error: ApiError, t: Translator): Partial<FormState> {
  if (error instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const v of error.violations) {
      const name = v.field.endsWith('email')
        ? 'email'
        : v.field.includes('password')
          ? 'password'
          : v.field === 'code'
            ? 'code'
            : undefined;
      if (!name || errors[name]) continue;
      if (name === 'email')
        errors.email =
          v.ruleName === ERRORS.EMAIL_NEEDS_CONFIRMATION.code
            ? t.t('error.emailReadAs', { email: String(v.data.normalizedEmail) })
            : t.t('error.invalidEmail');
      else if (name === 'code') errors.code = t.t('error.codeFromEmail');
      else
        errors.password = t.t(PASSWORD_RULES[v.ruleName ?? ''] ?? 'error.passwordRequired', {
          min: Number(v.data.min) || PASSWORD_MIN_LENGTH,
          max: Number(v.data.max) || PASSWORD_MAX_LENGTH,
        });
    }
    return Object.keys(errors).length ? { errors } : { formError: t.t('error.generic') };
  }
  const code = (error as { code?: string }).code ?? '';
  // One message for one mistake (the review saw two), under the password, which gets focus and reads it out;
  // which of the two was wrong is not said, on purpose.
  if (code === ERRORS.WRONG_PASSWORD.code) return { errors: { password: t.t('error.credentials') } };
  if (code === ERRORS.EMAIL_EXISTS.code) return { errors: { email: t.t('error.emailTaken') } };
  if (code === ERRORS.INVALID_EMAIL.code) return { errors: { email: t.t('error.invalidEmail') } };
  if (code === ERRORS.EMAIL_NEEDS_CONFIRMATION.code) {
    const email = String(error instanceof ApplicationError ? error.data.normalizedEmail : '');
    return { errors: { email: t.t('error.emailReadAs', { email }) } };
  }
  if (code === ERRORS.VERIFICATION_FAILED.code) return { errors: { code: t.t('error.wrongCode') } };
  // The second step locked after 100 wrong answers in a row (audit S-5): the way out is a password reset.
  if (error instanceof ApplicationError && error.data.reason === 'SECOND_FACTOR_LOCKED')
    return { formError: t.t('error.secondStepLocked') };
  if (error.status === 429) {
    const seconds = Math.max(1, Number(error.headers['retry-after']) || 60);
    return {
      formError:
        seconds >= 120
          ? t.t('error.tooManyMinutes', { minutes: Math.ceil(seconds / 60) })
          : t.t('error.tooManySeconds', { seconds }),
    };
  }
  return { formError: t.t(CODE_MESSAGES[code] ?? 'error.generic') };
}
