/**
 * Every failure of sign-in, account creation and verification as a sentence for the shopper, placed
 * next to the field it concerns (`email`, `password`, `code`) or above the form (`form`).
 */
import type { LoginResult } from '@vitrine/react';

export type AuthField = 'email' | 'password' | 'code' | 'form';

export interface AuthProblem {
  field: AuthField;
  message: string;
}

export const MESSAGES = {
  invalidEmailLogin: 'We found no account with this email address. Check it for typos, or create an account.',
  invalidEmailRegister: 'Enter a valid email address, like name@example.com.',
  emailAlreadyExists: 'An account with this email address already exists. Sign in instead, or reset your password.',
  invalidPassword: 'The email address or password is incorrect. Check both and try again.',
  resetPassword: 'This account needs a new password before you can sign in. Use “Forgot password?” to set one.',
  missingCaptchaToken: 'Please complete the “I am not a robot” check before continuing.',
  invalidCaptchaToken: 'The “I am not a robot” check did not pass. Please try it again.',
  networkError: 'We could not reach the shop. Check your internet connection and try again.',
  unexpectedResponse: 'Something went wrong on our side. Please try again in a moment.',
  blocked: 'This account is blocked. Please contact the shop owner if you think this is a mistake.',
  ownerApproval:
    'Your account was created and is waiting for the shop owner’s approval. You can sign in as soon as it is approved; you do not need to register again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes, then try again.',
  wrongCode: 'This code is not correct or has expired. Check the latest email, or send a new code.',
  weakPassword: 'Use a password of at least 8 characters.',
  commonPassword: 'This is one of the most commonly used passwords. Choose another one.',
  sessionStart: 'You are signed in, but this browser could not start your session. Please try again, or use the secure login page.',
} as const;

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
  if (/internal error|system error|request id/i.test(text)) return { field: 'form', message: MESSAGES.unexpectedResponse };
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
  if (/password/i.test(text)) return { field: 'password', message: /least|short|length/i.test(text) ? MESSAGES.weakPassword : text };
  if (/email/i.test(text)) return { field: 'email', message: MESSAGES.invalidEmailRegister };
  return { field: 'form', message: text && text != 'Unknown _state' ? text : MESSAGES.unexpectedResponse };
}

/** Only same-site paths are followed after sign-in (never another origin). */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
