/**
 * Server application codes (`ApplicationError.code`) that the SDK matches, named as in the server's
 * error catalogue (packages/server/src/errors/catalogue.ts). Each value is checked against
 * the catalogue at compile time; the import is type-only, so nothing of the server is bundled and the
 * emitted declarations hold the string literals alone.
 */
import type { WireCode } from '@vitrine/server/errors';

// Identity (docs/wire-format.md §8): numeric codes, always compared as strings.
export const EMAIL_EXISTS = '-19995' satisfies WireCode<'EMAIL_EXISTS'>;
export const WRONG_PASSWORD = '-19976' satisfies WireCode<'WRONG_PASSWORD'>;
export const PASSWORD_RESET_REQUIRED = '-19973' satisfies WireCode<'PASSWORD_RESET_REQUIRED'>;
export const CAPTCHA_REQUIRED = '-19971' satisfies WireCode<'CAPTCHA_REQUIRED'>;
export const CAPTCHA_INVALID = '-19970' satisfies WireCode<'CAPTCHA_INVALID'>;

// Second factors by phone and push approval (issue #32).
export const PHONE_RESEND_TOO_SOON = 'PHONE_RESEND_TOO_SOON' satisfies WireCode<'PHONE_RESEND_TOO_SOON'>;
export const PHONE_LIMIT_REACHED = 'PHONE_LIMIT_REACHED' satisfies WireCode<'PHONE_LIMIT_REACHED'>;
export const PHONE_DELIVERY_FAILED = 'PHONE_DELIVERY_FAILED' satisfies WireCode<'PHONE_DELIVERY_FAILED'>;
export const PUSH_DENIED = 'PUSH_DENIED' satisfies WireCode<'PUSH_DENIED'>;

// Data items (docs/wire-format.md §9.10).
export const ITEM_NOT_FOUND = 'WDE0073' satisfies WireCode<'ITEM_NOT_FOUND'>;
export const ITEM_EXISTS = 'WDE0074' satisfies WireCode<'ITEM_EXISTS'>;
