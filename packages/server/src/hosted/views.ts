import type { MessageKey } from '../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/passwords.js';
import { escapeHtml } from './layout.js';
import { formAction, langParam, type PageLanguage } from './language.js';
import { renderMfaForm, type MfaForm } from './mfa-step.js';
import { passkeyControls } from './passkey-step.js';

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
  /** The second step (hosted/mfa-step.ts): which code the form answers. */
  mfa?: MfaForm;
  /** The site takes passkeys: **Sign in with a passkey** on the sign-in page (hosted/passkey-step.ts). */
  passkey?: boolean;
}

function providerButtons(s: FormState): string {
  if (!s.providers?.length) return '';
  const { t } = s.lang;
  return `<div class="sso">${s.providers.map((p) => `<a class="sso-button" href="${escapeHtml(p.href + langParam(s.lang))}">${escapeHtml(t.t('button.continueWith', { provider: p.name }))}</a>`).join('')}</div>`;
}

function hidden(s: FormState, action: string): string {
  return `<input type="hidden" name="redirectSessionId" value="${escapeHtml(s.sessionId)}">
<input type="hidden" name="csrf" value="${escapeHtml(s.csrf)}"><input type="hidden" name="action" value="${action}">${
    s.altcha ? '<input type="hidden" name="altcha" id="altcha" value="">' : ''
  }`;
}

function field(s: FormState, name: string, label: string, type: string, attrs: string, value = '', hint = ''): string {
  const error = s.errors?.[name];
  const first = s.errors && Object.keys(s.errors)[0] === name;
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="${type}" ${attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${
    error ? ' aria-invalid="true"' : ''
  }${described ? ` aria-describedby="${described}"` : ''}${first ? ' autofocus' : ''}>${
    hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''
  }${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
}

function banner(s: FormState): string {
  return (s.formError ? `<p class="alert" role="alert">${escapeHtml(s.formError)}</p>` : '') + (s.notice ? `<p class="notice" role="status">${escapeHtml(s.notice)}</p>` : '');
}

const link = (s: FormState, view: View, key: MessageKey) =>
  `<a href="?redirectSessionId=${encodeURIComponent(s.sessionId)}&amp;view=${view}${escapeHtml(langParam(s.lang))}">${escapeHtml(s.lang.t.t(key))}</a>`;

const TITLES: Record<View, MessageKey> = {
  signin: 'page.signin.title', register: 'page.register.title', verify: 'page.verify.title', forgot: 'page.forgot.title', mfa: 'page.mfa.title',
};

export const viewTitle = (view: View, lang: PageLanguage): string => lang.t.t(TITLES[view]);

/** The form of one view; plain HTML forms that work without JavaScript. */
export function renderForm(view: View, s: FormState): string {
  const open = `<form method="post" action="${escapeHtml(formAction(s.lang))}" novalidate>${banner(s)}`;
  const { t } = s.lang;
  const password = t.t('field.password');
  switch (view) {
    case 'signin':
      return `${open}${hidden(s, 'signin')}
${field(s, 'email', t.t('field.email'), 'email', 'autocomplete="username" required maxlength="254" inputmode="email"', s.email)}
${field(s, 'password', password, 'password', `autocomplete="current-password" required maxlength="${PASSWORD_MAX_LENGTH}"`)}
<button type="submit">${escapeHtml(t.t('button.signIn'))}</button></form>${providerButtons(s)}${
        s.passkey ? passkeyControls(s, hidden({ ...s, altcha: false }, 'passkey'), t.t('button.signInWithPasskey')) : ''
      }
<nav>${link(s, 'register', 'link.createAccount')}${link(s, 'forgot', 'link.forgotPassword')}</nav>`;
    case 'register':
      return `${open}${hidden(s, 'register')}
${field(s, 'email', t.t('field.email'), 'email', 'autocomplete="email" required maxlength="254" inputmode="email"', s.email)}
${field(s, 'password', password, 'password', `autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}"`, '', t.t('field.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
<button type="submit">${escapeHtml(t.t('button.createAccount'))}</button></form>${providerButtons(s)}
<nav>${link(s, 'signin', 'link.haveAccount')}</nav>`;
    case 'verify':
      return `${open}${hidden(s, 'verify')}<input type="hidden" name="stateToken" value="${escapeHtml(s.stateToken ?? '')}">
<p>${s.email ? t.html('text.codeSentTo', { email: '' }, { email: `<strong>${escapeHtml(s.email)}</strong>` }) : escapeHtml(t.t('text.codeSent'))}</p>
${field(s, 'code', t.t('field.verificationCode'), 'text', 'autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required')}
${s.email ? `<input type="hidden" name="email" value="${escapeHtml(s.email)}">` : ''}
<button type="submit">${escapeHtml(t.t('button.verify'))}</button>
<button type="submit" name="action" value="resend" formnovalidate>${escapeHtml(t.t('button.sendNewCode'))}</button></form>`;
    case 'mfa':
      return renderMfaForm(s, { open, hidden: (action) => hidden(s, action), field: (name, label, type, attrs) => field(s, name, label, type, attrs) });
    case 'forgot':
      return `${open}${hidden(s, 'forgot')}
<p>${escapeHtml(t.t('text.forgotIntro'))}</p>
${field(s, 'email', t.t('field.email'), 'email', 'autocomplete="email" required maxlength="254" inputmode="email"', s.email)}
<button type="submit">${escapeHtml(t.t('button.sendResetLink'))}</button></form>
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
