/**
 * Every application error code the server answers (issue #23, "one error catalogue"): a name, the code on
 * the wire (`details.applicationError.code`), the HTTP status and a default text (the `message` and
 * `description` when the throw site passes none). Throw sites call `appError('MEMBER_NOT_FOUND')`; code that
 * matches an error compares with `ERRORS.X.code`, never with a literal. The SDK, React bindings, storefront
 * and console import the types only (`@vitrine/server/errors`) to check their own named constants.
 *
 * Adding a code: one entry here (name, code, status, text); keep it `as const`. The wire is a contract:
 * never change an existing entry's code or status. OAuth token-endpoint errors (`{error}`, RFC 6749) and
 * the rule names of validation errors are not application codes and are not listed.
 */
import { COMMERCE_ERRORS } from './commerce-codes.js';
import { PAYMENT_ERRORS } from './payment-codes.js';
import { ApplicationError } from './wire.js';

export const ERRORS = {
  // Wix Headless identity codes (docs/wire-format.md §8): numeric, as the reference client expects them.
  EMAIL_EXISTS: { code: '-19995', status: 409, text: 'An account with this email already exists' },
  WRONG_PASSWORD: { code: '-19976', status: 400, text: 'Email or password is incorrect' },
  PASSWORD_RESET_REQUIRED: {
    code: '-19973',
    status: 400,
    text: 'This account needs a new password; use "Forgot password" to set one',
  },
  CAPTCHA_REQUIRED: { code: '-19971', status: 400, text: 'A captcha token is required' },
  CAPTCHA_INVALID: { code: '-19970', status: 400, text: 'The captcha token is not valid' },

  // Wix Data codes (docs/wire-format.md §9.10).
  ITEM_NOT_FOUND: { code: 'WDE0073', status: 404, text: 'The item does not exist in the collection.' },
  ITEM_EXISTS: { code: 'WDE0074', status: 409, text: 'An item with this id already exists in the collection.' },
  COLLECTION_NOT_FOUND: { code: 'WDE0025', status: 404, text: 'The collection does not exist.' },
  COLLECTION_PERMISSION_DENIED: {
    code: 'WDE0027',
    status: 403,
    text: 'The current user does not have permissions for this operation on the collection.',
  },
  NO_SITE: { code: 'WDE0026', status: 400, text: 'The request names no site.' },
  // A write repeating the values of a declared unique index (data/declared-indexes.ts).
  WD_UNIQUE_INDEX_VIOLATION: {
    code: 'WD_UNIQUE_INDEX_VIOLATION',
    status: 409,
    text: 'Another item of the collection already has these values of a unique index.',
  },
  // A read of a large collection that misses its index (data/query-guard.ts): 400, or 503 while it is built.
  WD_INDEX_REQUIRED: {
    code: 'WD_INDEX_REQUIRED',
    status: 400,
    text: "This query needs an index on the collection; declare it in the collection's indexes.",
  },
  WD_TOO_MANY_REQUESTS: {
    code: 'WD_TOO_MANY_REQUESTS',
    status: 429,
    text: 'Too many requests from this address; try again later.',
  },

  // HTTP conventions shared by every route.
  BAD_REQUEST: { code: 'BAD_REQUEST', status: 400, text: 'Bad request' },
  INVALID_ARGUMENT: { code: 'INVALID_ARGUMENT', status: 400, text: 'The body must be a JSON object' },
  INVALID_JSON: { code: 'INVALID_JSON', status: 400, text: 'Body is not valid JSON' },
  UNAUTHORIZED: { code: 'UNAUTHORIZED', status: 401, text: 'A member access token is required' },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', status: 401, text: 'The access token is not valid' },
  INVALID_API_KEY: { code: 'INVALID_API_KEY', status: 401, text: 'The API key is not valid' },
  PERMISSION_DENIED: { code: 'PERMISSION_DENIED', status: 403, text: 'Permission denied' },
  NOT_FOUND: { code: 'NOT_FOUND', status: 404, text: 'Not found' },
  UNKNOWN_SITE: { code: 'UNKNOWN_SITE', status: 404, text: 'Unknown site' },
  CONFLICT: { code: 'CONFLICT', status: 409, text: 'The member is being created; retry' },
  PAYLOAD_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    text: 'Request body is larger than this server accepts',
  },
  UNSUPPORTED_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, text: 'Send the body as application/json' },
  TOO_MANY_REQUESTS: { code: 'TOO_MANY_REQUESTS', status: 429, text: 'Too many requests, try again later' },
  INTERNAL: { code: 'INTERNAL', status: 500, text: 'Internal error' },
  STATEMENT_TIMEOUT: {
    code: 'STATEMENT_TIMEOUT',
    status: 503,
    text: 'The request took longer than the server allows and was cancelled; narrow it or try again later',
  },
  DATABASE_BUSY: {
    code: 'DATABASE_BUSY',
    status: 503,
    text: 'The server is busy; try again shortly',
  },
  MEDIA_VARIANT_BUSY: {
    code: 'MEDIA_VARIANT_BUSY',
    status: 503,
    text: 'This image size is still being made; try again shortly',
  },

  // Members: sign-in, verification, recovery, account.
  INVALID_EMAIL: { code: 'INVALID_EMAIL', status: 400, text: 'Enter a valid email address' },
  // Audit S-8: the address holds characters read as others (data.normalizedEmail); sending that form confirms it.
  EMAIL_NEEDS_CONFIRMATION: {
    code: 'EMAIL_NEEDS_CONFIRMATION',
    status: 400,
    text: 'This address is read as another one; send the address it is read as to use it',
  },
  TOO_MANY_FAILED_LOGINS: {
    code: 'TOO_MANY_FAILED_LOGINS',
    status: 429,
    text: 'Too many failed sign-in attempts for this account; try again later',
  },
  MEMBER_BLOCKED: { code: 'MEMBER_BLOCKED', status: 403, text: 'This account is blocked; contact the site owner' },
  MEMBER_PENDING_APPROVAL: {
    code: 'MEMBER_PENDING_APPROVAL',
    status: 403,
    text: 'This member is waiting for the owner’s approval',
  },
  MEMBER_NOT_FOUND: { code: 'MEMBER_NOT_FOUND', status: 404, text: 'No such member' },
  IDENTITY_NOT_FOUND: { code: 'IDENTITY_NOT_FOUND', status: 404, text: 'No such identity' },
  // The Members API (issue #52): a deleted member's id, and a slug another member holds (Wix's own code).
  MEMBER_DELETED: { code: 'MEMBER_DELETED', status: 404, text: 'This member was deleted' },
  SLUG_ALREADY_EXISTS: { code: 'SLUG_ALREADY_EXISTS', status: 409, text: 'Another member has this slug' },
  VERIFICATION_FAILED: { code: 'VERIFICATION_FAILED', status: 400, text: 'The code is wrong' },
  INVALID_STATE_TOKEN: {
    code: 'INVALID_STATE_TOKEN',
    status: 400,
    text: 'The sign-in step is unknown, used, expired or out of attempts; sign in again',
  },
  INVALID_RECOVERY_TOKEN: {
    code: 'INVALID_RECOVERY_TOKEN',
    status: 400,
    text: 'This reset link is invalid, used or expired; ask for a new one',
  },
  REAUTHENTICATION_REQUIRED: {
    code: 'REAUTHENTICATION_REQUIRED',
    status: 403,
    text: 'Confirm your current password (send currentPassword), or sign in again, to make this change',
  },
  EMAIL_ALREADY_VERIFIED: {
    code: 'EMAIL_ALREADY_VERIFIED',
    status: 409,
    text: 'The member has verified their email already',
  },
  NO_VERIFICATION_WAITING: {
    code: 'NO_VERIFICATION_WAITING',
    status: 409,
    text: 'No verification is waiting for this member: they get a new code when they next sign in',
  },

  // Second factors.
  MFA_DISABLED: { code: 'MFA_DISABLED', status: 403, text: 'Second factors are turned off on this site' },
  FACTOR_NOT_AVAILABLE: {
    code: 'FACTOR_NOT_AVAILABLE',
    status: 400,
    text: 'This factor is not available on this server',
  },
  INVALID_FACTOR_TYPE: {
    code: 'INVALID_FACTOR_TYPE',
    status: 400,
    text: 'factorType must be one of TOTP, EMAIL, WEBAUTHN, RECOVERY_CODE',
  },
  FACTOR_NOT_FOUND: { code: 'FACTOR_NOT_FOUND', status: 404, text: 'No such factor' },
  FACTOR_EXISTS: {
    code: 'FACTOR_EXISTS',
    status: 409,
    text: 'This factor is already on; remove it first to set up a new one',
  },
  FACTOR_ACTIVE: { code: 'FACTOR_ACTIVE', status: 409, text: 'This factor is already active' },
  PHONE_DELIVERY_FAILED: {
    code: 'PHONE_DELIVERY_FAILED',
    status: 503,
    text: 'The code could not be sent to your phone just now; try again later or use another way to sign in',
  },
  PHONE_LIMIT_REACHED: {
    code: 'PHONE_LIMIT_REACHED',
    status: 429,
    text: 'Too many codes were sent today; use another way to sign in or try again tomorrow',
  },
  PHONE_RESEND_TOO_SOON: {
    code: 'PHONE_RESEND_TOO_SOON',
    status: 429,
    text: 'A code was sent a moment ago; wait a little before asking for another',
  },
  PUSH_DENIED: {
    code: 'PUSH_DENIED',
    status: 403,
    text: 'The sign-in was denied on your other device; sign in again',
  },
  PUSH_ANSWERED: {
    code: 'PUSH_ANSWERED',
    status: 409,
    text: 'This sign-in was already answered, or it expired',
  },
  NO_ACTIVE_FACTOR: { code: 'NO_ACTIVE_FACTOR', status: 400, text: 'Turn on a second factor first' },
  EMAIL_NOT_VERIFIED: {
    code: 'EMAIL_NOT_VERIFIED',
    status: 400,
    text: 'Verify your email address before using it for sign-in codes',
  },
  WEBAUTHN_FAILED: { code: 'WEBAUTHN_FAILED', status: 400, text: 'The passkey could not be verified; try again' },

  // Sign-in with external providers.
  SSO_ACCOUNT_EXISTS: {
    code: 'SSO_ACCOUNT_EXISTS',
    status: 409,
    text: 'An account with this email already exists: sign in with it first, then connect the provider',
  },
  SSO_EMAIL_REQUIRED: {
    code: 'SSO_EMAIL_REQUIRED',
    status: 400,
    text: 'The provider did not share an email address; ask for the "email" scope',
  },
  INVALID_ID_TOKEN: { code: 'INVALID_ID_TOKEN', status: 400, text: 'The ID token was refused' },
  IDP_UNAVAILABLE: {
    code: 'IDP_UNAVAILABLE',
    status: 503,
    text: 'The provider could not be reached; try again in a few minutes',
  },
  // Sign-on's mergeExistingContact: false (identity/flows/sign-on.ts): one record per address, always merged.
  CONTACT_MERGE_REQUIRED: {
    code: 'CONTACT_MERGE_REQUIRED',
    status: 400,
    text: 'mergeExistingContact: false is not supported: an address has one record here (its member, and the guest orders that join it), so sign-on always merges',
  },
  // The SSO start page (sign-in/sso-browser-flow.ts): a Wix account or root tenant, and the BroadcastChannel mode.
  TENANT_TYPE_NOT_SUPPORTED: {
    code: 'TENANT_TYPE_NOT_SUPPORTED',
    status: 400,
    text: 'Only the SITE tenant type is served: members sign in to a site',
  },
  SSO_PARAMETER_NOT_SUPPORTED: {
    code: 'SSO_PARAMETER_NOT_SUPPORTED',
    status: 400,
    text: 'customPayload and encryptionKey are not supported: the sign-in continues through its redirect session',
  },
  IDP_CONNECTION_NOT_FOUND: {
    code: 'IDP_CONNECTION_NOT_FOUND',
    status: 404,
    text: 'This provider is not connected to your account',
  },
  LAST_SIGN_IN_METHOD: {
    code: 'LAST_SIGN_IN_METHOD',
    status: 409,
    text: 'This is your only way to sign in: set a password (Forgot password) or connect another provider first',
  },

  // Owners (console).
  OWNER_SESSION_REQUIRED: { code: 'OWNER_SESSION_REQUIRED', status: 401, text: 'Sign in to the console' },
  INVALID_CREDENTIALS: { code: 'INVALID_CREDENTIALS', status: 401, text: 'Wrong email or password' },
  INVALID_TWO_FACTOR_CODE: {
    code: 'INVALID_TWO_FACTOR_CODE',
    status: 401,
    text: 'The authentication code is wrong or was used already',
  },
  CSRF_REJECTED: {
    code: 'CSRF_REJECTED',
    status: 403,
    text: 'The console request lacks its CSRF value (x-vitrine-csrf); reload the console',
  },
  OWNER_ROLE_REFUSED: { code: 'OWNER_ROLE_REFUSED', status: 403, text: 'Your role may not do this' },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
    status: 403,
    text: 'Turn on two-factor authentication before anything else',
  },
  TWO_FACTOR_ALREADY_ON: {
    code: 'TWO_FACTOR_ALREADY_ON',
    status: 409,
    text: 'Two-factor authentication is on already',
  },
  OWNER_EXISTS: {
    code: 'OWNER_EXISTS',
    status: 409,
    text: 'This owner has set a password already: they sign in with it (an invitation never replaces a password)',
  },
  OWNER_NOT_FOUND: { code: 'OWNER_NOT_FOUND', status: 404, text: 'No such owner' },
  OWNER_EMAIL_TAKEN: {
    code: 'OWNER_EMAIL_TAKEN',
    status: 409,
    text: 'This address is another console account already: choose another one',
  },
  // Site settings in the console (settings/, issue #31).
  UNKNOWN_SETTING: { code: 'UNKNOWN_SETTING', status: 400, text: 'Not a setting the console can change' },
  SETTING_LOCKED: {
    code: 'SETTING_LOCKED',
    status: 409,
    text: 'This setting is set in the config file: change it there',
  },
  SETTING_INVALID: { code: 'SETTING_INVALID', status: 400, text: 'The settings are not valid' },
  OWNER_REMOVE_REFUSED: {
    code: 'OWNER_REMOVE_REFUSED',
    status: 409,
    text: 'This owner cannot be removed: you cannot remove yourself, nor the last owner who can manage owners',
  },
  OWNER_SITE_REFUSED: {
    code: 'OWNER_SITE_REFUSED',
    status: 403,
    text: 'You may only give access to the sites you run',
  },
  INVALID_SETUP_LINK: {
    code: 'INVALID_SETUP_LINK',
    status: 400,
    text: 'This link is not known: check that the whole link was copied, or ask for a new one',
  },
  SETUP_LINK_USED: {
    code: 'SETUP_LINK_USED',
    status: 410,
    text: 'This link was used already: sign in with the password, or choose "Forgot your password?"',
  },
  SETUP_LINK_EXPIRED: {
    code: 'SETUP_LINK_EXPIRED',
    status: 410,
    text: 'This link expired: ask for a new one',
  },

  // Admin API.
  API_KEY_NOT_FOUND: {
    code: 'API_KEY_NOT_FOUND',
    status: 404,
    text: 'No live API key with this id on this site (keys of the config file change with the config)',
  },
  API_KEY_NAME_TAKEN: {
    code: 'API_KEY_NAME_TAKEN',
    status: 400,
    text: 'An API key with this name exists on this site; choose another name or revoke it first',
  },
  MAIL_NOT_FOUND: { code: 'MAIL_NOT_FOUND', status: 404, text: 'No message with this id' },
  MAIL_NOT_FAILED: {
    code: 'MAIL_NOT_FAILED',
    status: 409,
    text: 'Only a failed message can be retried; this one is sent or still being tried',
  },
  WEBHOOK_NOT_FOUND: { code: 'WEBHOOK_NOT_FOUND', status: 404, text: 'No webhook endpoint with this id' },
  DELIVERY_NOT_FOUND: { code: 'DELIVERY_NOT_FOUND', status: 404, text: 'No such delivery for this endpoint' },
  WEBHOOK_FROM_CONFIG: {
    code: 'WEBHOOK_FROM_CONFIG',
    status: 409,
    text: 'This endpoint is defined in the config file; change it there',
  },

  // Orders, checkout's delivery choice (commerce/pricing/shipping.ts) and guest orders (commerce/orders/order-link.ts).
  ORDER_NOT_FOUND: { code: 'ORDER_NOT_FOUND', status: 404, text: 'No such order' },
  SHIPPING_COUNTRY_REQUIRED: {
    code: 'SHIPPING_COUNTRY_REQUIRED',
    status: 400,
    text: "Give the shipping address's country",
  },
  SHIPPING_METHOD_UNKNOWN: { code: 'SHIPPING_METHOD_UNKNOWN', status: 400, text: 'There is no such delivery method' },
  SHIPPING_COUNTRY_UNSUPPORTED: {
    code: 'SHIPPING_COUNTRY_UNSUPPORTED',
    status: 400,
    text: 'This delivery method does not deliver to that country',
  },
  ORDER_LINK_EXPIRED: {
    code: 'ORDER_LINK_EXPIRED',
    status: 410,
    text: 'This order link has expired; the order stays in the account of its email address',
  },
  // Checkout's limits of open unpaid orders per buyer (commerce/orders/open-orders.ts; audit V5-4).
  TOO_MANY_OPEN_ORDERS: {
    code: 'TOO_MANY_OPEN_ORDERS',
    status: 409,
    text: 'Too many orders are awaiting payment; pay or cancel one before placing another.',
  },
  // The commerce module (commerce/, docs/commerce.md): its codes in commerce-codes.ts.
  ...COMMERCE_ERRORS,
  // Payments and refunds (commerce/payments/, docs/payments.md): payment-codes.ts.
  ...PAYMENT_ERRORS,
} as const satisfies Record<string, { code: string; status: number; text: string }>;

/** The name of a catalogued error, e.g. `'WRONG_PASSWORD'`. */
export type ErrorName = keyof typeof ERRORS;
/** Every code the server puts on the wire, e.g. `'-19976' | 'WDE0073' | 'MEMBER_NOT_FOUND' | …`. */
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];
/** Name → wire code, e.g. `ErrorCodes['WRONG_PASSWORD']` is `'-19976'`. */
export type ErrorCodes = { readonly [N in ErrorName]: (typeof ERRORS)[N]['code'] };
/**
 * The wire code of `N`: other packages declare their own constants against it without importing the
 * server at run time, e.g. `export const WRONG_PASSWORD = '-19976' satisfies WireCode<'WRONG_PASSWORD'>`.
 */
export type WireCode<N extends ErrorName> = ErrorCodes[N];

export interface AppErrorOptions {
  /** The text of `message`/`description`; the catalogue's default text when absent. */
  description?: string;
  /** `details.applicationError.data`; `{}` when absent. */
  data?: Record<string, unknown>;
  /** Only for the few sites that answer this code with another status than the catalogue's (kept as the wire has it). */
  status?: number;
}

/** The application error `name` (`{message, details: {applicationError: {code, description, data}}}`). */
export function appError(name: ErrorName, options: AppErrorOptions = {}): ApplicationError {
  const entry = ERRORS[name];
  return new ApplicationError(
    options.status ?? entry.status,
    entry.code,
    options.description ?? entry.text,
    options.data,
  );
}
