/**
 * What a hosted sign-in page shows (views.ts renders it; the second-step and passkey parts add theirs),
 * and where its forms post and links lead. Types only and two URL helpers: the page parts import this,
 * not each other.
 */
import type { PageLanguage } from '../http/pages/language.js';
import { AUTHORIZE_PATH } from './redirect-sessions.js';

export type View = 'signin' | 'register' | 'verify' | 'forgot' | 'mfa';

export interface FormState {
  /** The page's language: every visible text comes from its catalog (i18n/catalogs). */
  lang: PageLanguage;
  /** Hidden fields every form carries: the redirect session and its CSRF token. */
  sessionId: string;
  csrf: string;
  /** Field name → message; the first one gets focus. */
  errors?: Record<string, string>;
  /** A message for the whole form (role=alert). */
  formError?: string;
  notice?: string;
  email?: string;
  stateToken?: string;
  /** The site asks for altcha: the page's script fills the hidden field. */
  altcha?: boolean;
  /** The site's identity providers (identity/sso): one "Continue with {name}" link each. */
  providers?: { name: string; href: string }[];
  /** The second step (mfa-step.ts): which code the form answers. */
  mfa?: MfaForm;
  /** The site takes passkeys: **Sign in with a passkey** on the sign-in page (passkey-step.ts). */
  passkey?: boolean;
}

/** The second step's form (mfa-step.ts). */
/** A push approval waiting on the hosted second step (push-step.ts): the transaction and the number shown. */
export interface PushWaiting {
  transactionId: string;
  matchNumber: number;
}

export interface MfaForm {
  /** The factor the main form answers; EMAIL when the member has no authenticator app; SMS or CALL once a code was sent. */
  factor: 'TOTP' | 'EMAIL' | 'SMS' | 'CALL';
  /** Phone factors the member can get a code by (issue #32): **Text me a code**, **Call me instead**. */
  phone?: ('SMS' | 'CALL')[];
  /** A code went to the phone by `factor` (or was answered): its field and **Send a new code** show. */
  phoneSent?: boolean;
  recovery: boolean;
  hint?: string | undefined;
  /** The member has a passkey: **Use a passkey** (passkey-step.ts). */
  passkey?: boolean;
  /** The member has a code factor (TOTP, EMAIL); a passkey-only member gets no code field. */
  codes?: boolean;
  /** The member has push approval: **Approve on another device** (push-step.ts). */
  push?: boolean;
  /** A push approval is waiting: the number to pick on the other device. */
  pushWaiting?: PushWaiting;
}

/**
 * Where a hosted form posts: the authorize endpoint itself, not "the current address", because a page
 * may be shown at another one (after an identity provider's callback, whose address holds its spent
 * `state` and `code`). `?lang=` keeps the explicit language on the page that answers the form.
 */
export const formAction = (lang: PageLanguage): string =>
  `${AUTHORIZE_PATH}${lang.explicit ? `?lang=${encodeURIComponent(lang.explicit)}` : ''}`;

/** `&lang=…` for a link of a page whose language was chosen by its address. */
export const langParam = (lang: PageLanguage): string =>
  lang.explicit ? `&lang=${encodeURIComponent(lang.explicit)}` : '';
