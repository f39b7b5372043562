import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { escapeHtml } from '../mail/templates.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/passwords.js';
import { findRecoveryToken } from './recovery.js';

/**
 * GET /reset-password?token=… — the hosted page a reset or activation mail links to. It posts the new
 * password to POST /_api/iam/recovery/v1/recover and then sends the browser to the redirect given when
 * the mail was requested, re-checked here against the client's registered URIs and origins.
 * The token stays out of logs (query strings are not logged) and out of Referer (no-referrer).
 */
export async function resetPasswordPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
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
  if (!found || !site) {
    reply.code(400);
    return shell(nonce, 'Reset password', '<p role="alert">This link is invalid, used or expired. Ask for a new password reset email.</p>');
  }
  let redirect = '';
  if (found.client_id && found.redirect_url) {
    const entry = ctx.sites.findClient(found.client_id);
    if (entry && entry.site.id === site.id && ctx.sites.isAllowedRedirect(entry.client, found.redirect_url)) redirect = found.redirect_url;
  }
  const title = found.purpose === 'activation' ? 'Choose your password' : 'Reset your password';
  const form = `
<form id="f" novalidate>
  <input type="hidden" id="token" value="${escapeHtml(String(token))}">
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}">
  <p class="hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>
  <button type="submit">Set new password</button>
  <p id="msg" role="alert"></p>
</form>
<script nonce="${nonce}">
const form = document.getElementById('f'), msg = document.getElementById('msg'), redirect = ${JSON.stringify(redirect).replace(/</g, '\\u003c')};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  msg.textContent = '';
  const password = document.getElementById('password').value;
  if ([...password].length < ${PASSWORD_MIN_LENGTH}) { msg.textContent = 'Use at least ${PASSWORD_MIN_LENGTH} characters.'; return; }
  form.querySelector('button').disabled = true;
  try {
    const res = await fetch('/_api/iam/recovery/v1/recover', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recoveryToken: document.getElementById('token').value, password }) });
    const body = await res.json().catch(() => ({}));
    if (res.status === 200) {
      form.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Your password has been set.' }));
      if (redirect) window.location.assign(redirect);
      return;
    }
    const v = body.details && body.details.validationError;
    msg.textContent = v ? v.fieldViolations.map((f) => f.field + ' ' + f.description).join('. ') : (body.message || 'Something went wrong.');
  } catch { msg.textContent = 'Network error, try again.'; }
  form.querySelector('button').disabled = false;
});
</script>`;
  return shell(nonce, `${escapeHtml(site.name)} — ${title}`, `<h1>${title}</h1>${form}`);
}

function shell(nonce: string, title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
label{display:block;font-weight:600;margin-top:1rem}input[type=password]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem}.hint{color:#666;font-size:.85rem}#msg{color:#b00020}</style>
</head><body>${content}</body></html>`;
}
