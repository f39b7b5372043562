/**
 * Every failure of sign-in, account creation and verification as a sentence for the shopper, placed
 * next to the field it concerns (`email`, `password`, `code`) or above the form (`form`).
 */
import type { LoginResult } from '@vitrine/react';
import { i18n } from '../../i18n/i18n.js';

export type AuthField = 'email' | 'password' | 'code' | 'form';

export interface AuthProblem {
  field: AuthField;
  message: string;
}

const KEYS = [
  'invalidEmailLogin',
  'invalidEmailRegister',
  'emailAlreadyExists',
  'invalidPassword',
  'resetPassword',
  'missingCaptchaToken',
  'invalidCaptchaToken',
  'networkError',
  'unexpectedResponse',
  'blocked',
  'ownerApproval',
  'tooManyAttempts',
  'wrongCode',
  'weakPassword',
  'commonPassword',
  'sessionStart',
] as const;

/** The sentences, read from the catalog (`auth.<key>`) in the active language each time they are used. */
export const MESSAGES = Object.defineProperties(
  {} as Record<(typeof KEYS)[number], string>,
  Object.fromEntries(KEYS.map((key) => [key, { enumerable: true, get: () => i18n._(`auth.${key}`) }])),
);

/** Human text of an SDK error message that may be a JSON string (`{"message": …}`). */
export function plainMessage(error: string | undefined): string {
  if (!error) return '';
  try {
    const parsed = JSON.parse(error) as { message?: unknown };
    if (typeof parsed.message == 'string') return parsed.message;
  } catch {
    // Not JSON: already plain text.
  }
  return error;
}

/** The problem a FAILURE result describes. `flow` picks the wording where it differs. */
export function describeFailure(result: LoginResult, flow: 'login' | 'register' | 'verify'): AuthProblem {
  const text = plainMessage(result.error);
  if (/blocked/i.test(text)) return { field: 'form', message: MESSAGES.blocked };
  if (/too many/i.test(text)) return { field: 'form', message: MESSAGES.tooManyAttempts };
  if (/internal error|system error|request id/i.test(text))
    return { field: 'form', message: MESSAGES.unexpectedResponse };
  switch (result.errorCode) {
    case 'invalidEmail':
      return flow == 'login' && !/valid email|format/i.test(text)
        ? { field: 'email', message: MESSAGES.invalidEmailLogin }
        : { field: 'email', message: MESSAGES.invalidEmailRegister };
    case 'emailAlreadyExists':
      return { field: 'email', message: MESSAGES.emailAlreadyExists };
    case 'invalidPassword':
      return { field: 'password', message: MESSAGES.invalidPassword };
    case 'resetPassword':
      return { field: 'password', message: MESSAGES.resetPassword };
    case 'missingCaptchaToken':
      return { field: 'form', message: MESSAGES.missingCaptchaToken };
    case 'invalidCaptchaToken':
      return { field: 'form', message: MESSAGES.invalidCaptchaToken };
    case 'networkError':
      return { field: 'form', message: MESSAGES.networkError };
    case 'unexpectedResponse':
      return { field: 'form', message: MESSAGES.unexpectedResponse };
  }
  if (flow == 'verify') return { field: 'code', message: MESSAGES.wrongCode };
  if (/commonly used password/i.test(text)) return { field: 'password', message: MESSAGES.commonPassword };
  if (/password/i.test(text))
    return { field: 'password', message: /least|short|length/i.test(text) ? MESSAGES.weakPassword : text };
  if (/email/i.test(text)) return { field: 'email', message: MESSAGES.invalidEmailRegister };
  return { field: 'form', message: text && text != 'Unknown _state' ? text : MESSAGES.unexpectedResponse };
}

export { safeReturnTo } from './return-to.js';
