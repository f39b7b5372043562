/** One hosted form page of a redirect session (views.ts renders the form), with its CSP, CSRF and scripts. */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../config/types.js';
import { type RedirectSession } from '../oauth/redirect-store.js';
import { csrfFor, ensureCsrfCookie } from '../http/cookies.js';
import { formActionSources, newNonce, page, pageHeaders } from '../http/pages/layout.js';
import { entryOf, type Scope } from './pages.js';
import { ALTCHA_SCRIPT, REVEAL_SCRIPT, renderForm, viewTitle, type FormState, type View } from './views.js';
import { ssoButtons, allowedFactors, mfaMode } from '../identity/index.js';
import { passkeyScript } from './passkey-step.js';
import { pushScript } from './push-step.js';
import { pageLanguage } from '../http/pages/language.js';

/** Passkeys as a first factor: offered while the site takes passkeys at all. */
const passkeysOffered = (site: SiteConfig) => mfaMode(site) !== 'off' && allowedFactors(site).includes('WEBAUTHN');

export function renderView(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  view: View,
  state: Partial<FormState> = {},
  status = 200,
): string {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  const cookie = ensureCsrfCookie(ctx, request, reply);
  const nonce = newNonce();
  pageHeaders(reply, nonce, { formAction: formActionSources([s.redirectUri, s.postFlowUrl]) });
  reply.code(status);
  const lang = pageLanguage(entry.site, request);
  const altcha = entry.site.policies.captcha === 'altcha' && view !== 'verify' && view !== 'mfa';
  const providers = view === 'signin' || view === 'register' ? ssoButtons(ctx, entry.site, s.id) : [];
  const passkey = view === 'signin' && passkeysOffered(entry.site);
  const form = renderForm(view, {
    sessionId: s.id,
    csrf: csrfFor(ctx, cookie, s.id),
    altcha,
    providers,
    passkey,
    ...state,
    lang,
  });
  const scripts = [
    altcha ? ALTCHA_SCRIPT : '',
    view === 'signin' || view === 'register' ? REVEAL_SCRIPT : '',
    passkey || (view === 'mfa' && state.mfa?.passkey) ? passkeyScript() : '',
    view === 'mfa' && state.mfa?.pushWaiting ? pushScript() : '',
  ]
    .filter(Boolean)
    .join('\n');
  return page(nonce, entry.site, viewTitle(view, lang), form, scripts, lang.t, shopHome(s));
}

/** The shop's home: the origin of the address the session returns to (a registered redirect URI or flow URL). */
function shopHome(s: RedirectSession): string | undefined {
  const back = s.redirectUri ?? s.postFlowUrl;
  if (!back || !URL.canParse(back)) return undefined;
  const url = new URL(back);
  return url.protocol === 'https:' || url.protocol === 'http:' ? `${url.origin}/` : undefined;
}
