import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { csrfFor, ensureCsrfCookie } from '../http/cookies.js';
import { html } from '../http/html.js';
import { pageLanguage } from '../http/pages/language.js';
import { formActionSources, newNonce, page, pageHeaders } from '../http/pages/layout.js';
import { findMemberById } from '../members/index.js';
import { formAction, langParam } from './form-state.js';
import { entryOf, type Scope } from './pages.js';
import { AUTHORIZE_PATH } from './redirect-sessions.js';
import type { RedirectSession } from '../oauth/redirect-store.js';

/**
 * What the authorization request's `prompt` (OpenID Connect Core §3.1.2.1) does with a live hosted
 * browser session (docs/sign-in.md#prompt):
 * - `use`: the session signs the shopper in, no page (`none`; the `login` intent, which has no prompt);
 * - `ignore`: the shopper authenticates again (`login`; `consent`, which for a first-party client is the
 *   same: there is nothing else to consent to); also `select_account` once "Use another account" chose a form;
 * - `choose`: the account chooser, "Continue as …" or "Use another account" (`select_account`).
 * A session token carried by the redirect session is a sign-in the shopper has just done: every prompt takes it.
 */
export type BrowserSessionUse = 'use' | 'ignore' | 'choose';

export function browserSessionUse(s: RedirectSession, formAsked: boolean): BrowserSessionUse {
  if (s.intent !== 'auth') return 'use';
  if (s.prompt === 'login' || s.prompt === 'consent') return 'ignore';
  if (s.prompt === 'select_account') return formAsked ? 'ignore' : 'choose';
  return 'use';
}

/** The signed-in member as the chooser shows them: the profile's name when there is one, else the email. */
export interface Account {
  memberId: string;
  email: string;
  name: string;
  language: unknown;
}

export async function accountOf(ctx: AppContext, siteId: string, memberId: string): Promise<Account | undefined> {
  const member = await findMemberById(ctx.db, siteId, memberId);
  if (!member) return undefined;
  const profile = member.profile;
  const part = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string).trim() : '');
  const fullName = [part('firstName'), part('lastName')].filter(Boolean).join(' ');
  return {
    memberId: member.id,
    email: member.email,
    name: fullName || part('nickname') || member.email,
    language: profile.language,
  };
}

/**
 * The account chooser of `prompt=select_account`: who this browser is signed in as, **Continue as …**
 * (a CSRF-checked POST naming the member shown, so a session that changed meanwhile is not used) and
 * **Use another account** (the sign-in form; signing in there replaces the browser session).
 */
export function accountChooser(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  account: Account,
): string {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  const cookie = ensureCsrfCookie(ctx, request, reply);
  const nonce = newNonce();
  pageHeaders(reply, nonce, { formAction: formActionSources([s.redirectUri, s.postFlowUrl]) });
  const lang = pageLanguage(entry.site, request, account.language);
  const { t } = lang;
  const another = `${AUTHORIZE_PATH}?redirectSessionId=${encodeURIComponent(s.id)}&view=signin${langParam(lang)}`;
  const content = html`<form method="post" action="${formAction(lang)}" novalidate>
<p>${t.markup('text.signedInAs', { site: entry.site.name }, { account: html`<strong>${account.email}</strong>` })}</p>
<input type="hidden" name="redirectSessionId" value="${s.id}"><input type="hidden" name="csrf" value="${csrfFor(ctx, cookie, s.id)}">
<input type="hidden" name="action" value="continue"><input type="hidden" name="account" value="${account.memberId}">
<button type="submit">${t.t('button.continueAs', { name: account.name })}</button></form>
<nav><a href="${another}">${t.t('link.useAnotherAccount')}</a></nav>`;
  return page(nonce, entry.site, t.t('page.selectAccount.title'), content, '', t);
}
