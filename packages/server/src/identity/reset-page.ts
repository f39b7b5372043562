import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { html, unsafeRawHtml, type Html } from '../http/html.js';
import { pageLanguage } from '../http/pages/language.js';
import { brandCss, scriptJson } from '../http/pages/layout.js';
import type { SiteBrand } from '../config/types.js';
import type { Translator } from '../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/index.js';
import { findRecoveryToken } from './flows/recover.js';
import { pageQuery } from '../http/pages/input.js';

/**
 * GET /reset-password?token=… — the hosted page a reset or activation mail links to. It posts the new
 * password to POST /_api/iam/recovery/v1/recover and then sends the browser to the redirect given when
 * the mail was requested, re-checked here against the client's registered URIs and origins.
 * The token stays out of logs (query strings are not logged) and out of Referer (no-referrer).
 */
export async function resetPasswordPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const token = pageQuery(request).token;
  const found = await findRecoveryToken(ctx.db, token, ctx.now());
  const site = found && ctx.sites.get(found.site_id);
  const nonce = randomBytes(16).toString('base64');
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
  // The mail's link carries its language (?lang=); otherwise the browser's, else the site's default.
  const { t } = pageLanguage(site ?? ctx.sites.sites[0], request);
  const shell = (title: Html, content: Html) => page(nonce, t, title, content, site?.brand);
  if (!found || !site) {
    reply.code(400);
    return shell(html`${t.t('page.resetInvalid.title')}`, html`<p role="alert">${t.t('page.resetInvalid.text')}</p>`);
  }
  let redirect = '';
  if (found.client_id && found.redirect_url) {
    const entry = ctx.sites.findClient(found.client_id);
    if (entry && entry.site.id === site.id && ctx.sites.isAllowedRedirect(entry.client, found.redirect_url))
      redirect = found.redirect_url;
  }
  const title = t.t(found.purpose === 'activation' ? 'page.activate.title' : 'page.reset.title');
  // What the script may show, in the page's language (field violations by rule, as on the sign-in pages).
  const messages = {
    tooShort: t.t('error.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
    done: t.t('notice.passwordSet'),
    generic: t.t('error.generic'),
    network: t.t('error.network'),
    codes: {
      INVALID_RECOVERY_TOKEN: t.t('page.resetInvalid.text'),
      MEMBER_BLOCKED: t.t('error.memberBlocked'),
    } as Record<string, string>,
    rules: {
      REQUIRED: t.t('error.passwordRequired'),
      VALUE_TOO_SHORT: t.t('error.passwordTooShortLong', { min: PASSWORD_MIN_LENGTH }),
      VALUE_TOO_LONG: t.t('error.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
      COMMON_PASSWORD: t.t('error.passwordCommon'),
      CONTEXT_PASSWORD: t.t('error.passwordContext'),
    },
  };
  // The script is raw text, not HTML: its values come through scriptJson, safe inside a script element.
  const script = `
const form = document.getElementById('f'), msg = document.getElementById('msg'), redirect = ${scriptJson(redirect)}, text = ${scriptJson(messages)};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  msg.textContent = '';
  const password = document.getElementById('password').value;
  if ([...password].length < ${PASSWORD_MIN_LENGTH}) { msg.textContent = text.tooShort; return; }
  form.querySelector('button').disabled = true;
  try {
    const res = await fetch('/_api/iam/recovery/v1/recover', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recoveryToken: document.getElementById('token').value, password }) });
    const body = await res.json().catch(() => ({}));
    if (res.status === 200) {
      form.replaceChildren(Object.assign(document.createElement('p'), { textContent: text.done }));
      if (redirect) window.location.assign(redirect);
      return;
    }
    const v = body.details && body.details.validationError;
    const code = body.details && body.details.applicationError && body.details.applicationError.code;
    msg.textContent = v ? v.fieldViolations.map((f) => text.rules[f.ruleName] || text.generic).join(' ') : (text.codes[code] || text.generic);
  } catch { msg.textContent = text.network; }
  form.querySelector('button').disabled = false;
});
`;
  const form = html`
<form id="f" novalidate>
  <input type="hidden" id="token" value="${String(token)}">
  <label for="password">${t.t('field.newPassword')}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}">
  <p class="hint">${t.t('field.passwordHint', { min: PASSWORD_MIN_LENGTH })}</p>
  <button type="submit">${t.t('button.setNewPassword')}</button>
  <p id="msg" role="alert"></p>
</form>
<script nonce="${nonce}">${unsafeRawHtml(script)}</script>`;
  return shell(html`${site.name} — ${title}`, html`<h1>${title}</h1>${form}`);
}

/** The page frame, in the brand's colour when the site has one. */
function page(nonce: string, t: Translator, title: Html, content: Html, brand?: SiteBrand): string {
  // No icon link and no logo, unlike the other hosted pages: this page references nothing at all (its URL holds a
  // token, #37). The brand's colour is CSS of the page itself, so it stays.
  return html`<!doctype html><html lang="${t.language}" dir="${t.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding-inline:1rem}
label{display:block;font-weight:600;margin-block-start:1rem}input[type=password]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-block-start:1rem;padding:.6rem 1rem;font-size:1rem;border:0;border-radius:.35rem;background:#1a1a1a;color:#fff}.hint{color:#666;font-size:.85rem}#msg{color:#b00020}${brandCss(brand)}</style>
</head><body>${content}</body></html>`.toString();
}
