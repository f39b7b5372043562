import type { MessageKey } from '../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/index.js';
import { html, type Html } from '../http/html.js';
import type { PageLanguage } from '../http/pages/language.js';
import { formAction, langParam, type FormState, type View } from './form-state.js';
import { renderMfaForm } from './mfa-step.js';
import { passkeyControls } from './passkey-step.js';

function providerButtons(s: FormState): Html {
  if (!s.providers?.length) return html``;
  const { t } = s.lang;
  return html`<div class="sso">${s.providers.map((p) => html`<a class="sso-button" href="${p.href + langParam(s.lang)}">${t.t('button.continueWith', { provider: p.name })}</a>`)}</div>`;
}

function hidden(s: FormState, action: string): Html {
  return html`<input type="hidden" name="redirectSessionId" value="${s.sessionId}">
<input type="hidden" name="csrf" value="${s.csrf}"><input type="hidden" name="action" value="${action}">${
    s.altcha && html`<input type="hidden" name="altcha" id="altcha" value="">`
  }`;
}

/** `attrs`: the input's fixed attributes, as markup. */
function field(s: FormState, name: string, label: string, type: string, attrs: Html, value = '', hint = ''): Html {
  const error = s.errors?.[name];
  const first = s.errors && Object.keys(s.errors)[0] === name;
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" ${attrs}${value && html` value="${value}"`}${
    error && html` aria-invalid="true"`
  }${described && html` aria-describedby="${described}"`}${first && html` autofocus`}>${
    hint && html`<p class="hint" id="${name}-hint">${hint}</p>`
  }${error && html`<p class="error" id="${name}-error">${error}</p>`}${
    // After the field's own words (hint, error), so they stay right under it.
    type === 'password' &&
    html`<button type="button" class="reveal" data-reveal="${name}" aria-controls="${name}" aria-pressed="false" hidden>${s.lang.t.t('button.showPassword')}</button>`
  }`;
}

function banner(s: FormState): Html {
  return html`${s.formError && html`<p class="alert" role="alert">${s.formError}</p>`}${s.notice && html`<p class="notice" role="status">${s.notice}</p>`}`;
}

const link = (s: FormState, view: View, key: MessageKey) =>
  html`<a href="?redirectSessionId=${encodeURIComponent(s.sessionId)}&amp;view=${view}${langParam(s.lang)}">${s.lang.t.t(key)}</a>`;

const TITLES: Record<View, MessageKey> = {
  signin: 'page.signin.title',
  register: 'page.register.title',
  verify: 'page.verify.title',
  forgot: 'page.forgot.title',
  mfa: 'page.mfa.title',
};

export const viewTitle = (view: View, lang: PageLanguage): string => lang.t.t(TITLES[view]);

/** The form of one view; plain HTML forms that work without JavaScript. */
export function renderForm(view: View, s: FormState): Html {
  const open = html`<form method="post" action="${formAction(s.lang)}" novalidate>${banner(s)}`;
  const { t } = s.lang;
  const password = t.t('field.password');
  switch (view) {
    case 'signin':
      return html`${open}${hidden(s, 'signin')}
${field(s, 'email', t.t('field.email'), 'email', html`autocomplete="username" required maxlength="254" inputmode="email"`, s.email)}
${field(s, 'password', password, 'password', html`autocomplete="current-password" required maxlength="${PASSWORD_MAX_LENGTH}"`)}
<button type="submit">${t.t('button.signIn')}</button></form>${providerButtons(s)}${
        s.passkey && passkeyControls(s, hidden({ ...s, altcha: false }, 'passkey'), t.t('button.signInWithPasskey'))
      }
<nav>${link(s, 'register', 'link.createAccount')}${link(s, 'forgot', 'link.forgotPassword')}</nav>`;
    case 'register':
      return html`${open}${hidden(s, 'register')}
${field(s, 'email', t.t('field.email'), 'email', html`autocomplete="email" required maxlength="254" inputmode="email"`, s.email)}
${field(s, 'password', password, 'password', html`autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}"`, '', t.t('field.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
<button type="submit">${t.t('button.createAccount')}</button></form>${providerButtons(s)}
<nav>${link(s, 'signin', 'link.haveAccount')}</nav>`;
    case 'verify':
      return html`${open}${hidden(s, 'verify')}<input type="hidden" name="stateToken" value="${s.stateToken ?? ''}">
<p>${s.email ? t.markup('text.codeSentTo', { email: '' }, { email: html`<strong>${s.email}</strong>` }) : t.t('text.codeSent')}</p>
${field(s, 'code', t.t('field.verificationCode'), 'text', html`autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required`)}
${s.email && html`<input type="hidden" name="email" value="${s.email}">`}
<button type="submit">${t.t('button.verify')}</button>
<button type="submit" name="action" value="resend" formnovalidate>${t.t('button.sendNewCode')}</button></form>`;
    case 'mfa':
      return renderMfaForm(s, {
        open,
        hidden: (action) => hidden(s, action),
        field: (name, label, type, attrs) => field(s, name, label, type, attrs),
      });
    case 'forgot':
      return html`${open}${hidden(s, 'forgot')}
<p>${t.t('text.forgotIntro')}</p>
${field(s, 'email', t.t('field.email'), 'email', html`autocomplete="email" required maxlength="254" inputmode="email"`, s.email)}
<button type="submit">${t.t('button.sendResetLink')}</button></form>
<nav>${link(s, 'signin', 'link.backToSignIn')}</nav>`;
  }
}

/**
 * Solves the site's altcha proof of work in the page and fills the hidden field before submit.
 * Without JavaScript the field stays empty and the server asks for the captcha (-19971) as usual.
 */
export const ALTCHA_SCRIPT = `(()=>{const f=document.getElementById('altcha');if(!f)return;const form=f.form;let ready=null;
const hex=(b)=>[...new Uint8Array(b)].map((x)=>x.toString(16).padStart(2,'0')).join('');
async function solve(){const c=await (await fetch('/_api/iam/captcha/v1/altcha/challenge',{cache:'no-store'})).json();const enc=new TextEncoder();
for(let n=0;n<=c.maxnumber;n++){if(hex(await crypto.subtle.digest('SHA-256',enc.encode(c.salt+n)))===c.challenge){
f.value=btoa(JSON.stringify({algorithm:c.algorithm,challenge:c.challenge,number:n,salt:c.salt,signature:c.signature}));return;}}}
ready=solve().catch(()=>{});form.addEventListener('submit',(e)=>{if(f.value)return;e.preventDefault();const s=e.submitter;
ready.then(()=>{if(s&&s.name){const h=document.createElement('input');h.type='hidden';h.name=s.name;h.value=s.value;form.appendChild(h);}form.submit();});});})();`;

/**
 * **Show password**: a toggle button under each password field (hidden without JavaScript, where the field simply
 * stays masked). `aria-pressed` says whether the text shows; the field keeps focus where the shopper left it.
 */
export const REVEAL_SCRIPT = `(()=>{for(const b of document.querySelectorAll('button[data-reveal]')){const f=document.getElementById(b.dataset.reveal);if(!f)continue;
b.hidden=false;b.addEventListener('click',()=>{const show=f.type==='password';f.type=show?'text':'password';b.setAttribute('aria-pressed',String(show));});}})();`;

export type { FormState, View };
