/**
 * The ACCOUNT_INFO page's "Sign-in methods and second factors" section (docs/account-pages.md): the
 * password, each provider with Connect or Disconnect, each second factor with Remove, and Add an
 * authenticator app / Add a passkey. One form with one optional current-password field; each button
 * names its change (`op`). Plain HTML forms; only the passkey button needs the page script.
 */
import { renderSVG } from 'uqr';
import { html, type Html } from '../../http/html.js';
import { PASSWORD_MAX_LENGTH } from '../../security/index.js';
import { passkeyLibraryLoader } from '../passkey-step.js';
import type { AccountPageContext } from './context.js';
import type { AccountInfoData } from './info-data.js';
import type { InfoForm, InfoState } from './info-state.js';

/** An authenticator app being set up: its (INACTIVE) factor and what the member scans or types. */
export interface TotpSetup {
  factorId: string;
  secret: string;
  otpauthUri: string;
}

function passwordField(a: AccountPageContext, st: InfoState, name: string): Html {
  const { t } = a.lang;
  const error = st.errors?.[name];
  const first = st.errors && Object.keys(st.errors)[0] === name;
  return html`<label for="${name}">${t.t('account.field.currentPassword')}</label>
<input id="${name}" name="${name}" type="password" autocomplete="current-password" maxlength="${PASSWORD_MAX_LENGTH}" aria-describedby="${name}-hint${error ? ` ${name}-error` : ''}"${
    error && html` aria-invalid="true"`
  }${first && html` autofocus`}><p class="hint" id="${name}-hint">${t.t('account.methods.passwordHint')}</p>${
    error && html`<p class="error" id="${name}-error">${error}</p>`
  }`;
}

/** The authenticator app's set-up step: QR code (drawn here, no third-party service), the key, the code. */
function totpStep(a: AccountPageContext, form: InfoForm, st: InfoState, setup: TotpSetup): Html {
  const { t } = a.lang;
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(setup.otpauthUri))}`;
  const error = st.errors?.code;
  return form(
    'totp',
    html`<p>${t.t('account.totp.scan')}</p><img class="qr" src="${qr}" width="180" height="180" alt="${t.t('account.totp.qrAlt')}">
<p>${t.t('account.totp.key')} <code>${setup.secret}</code></p>
<input type="hidden" name="factorId" value="${setup.factorId}">
<label for="code">${t.t('account.totp.code')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="10" required autofocus${
      error && html` aria-invalid="true" aria-describedby="code-error"`
    }>${error && html`<p class="error" id="code-error">${error}</p>`}
${passwordField(a, st, 'totpPassword')}
<button type="submit">${t.t('account.totp.turnOn')}</button>`,
  );
}

/** The recovery codes a first factor brings: shown once, here. */
function recoveryCodes(a: AccountPageContext, codes: string[]): Html {
  const { t } = a.lang;
  return html`<div class="notice" role="status"><p>${t.t('account.recoveryCodes.text')}</p><ul class="codes">${codes.map(
    (c) => html`<li><code>${c}</code></li>`,
  )}</ul></div>`;
}

export function renderMethods(
  a: AccountPageContext,
  form: InfoForm,
  data: AccountInfoData,
  st: InfoState,
  totp: TotpSetup | undefined,
): Html {
  const { t } = a.lang;
  const button = (op: string, label: string, kind: 'inline' | 'danger' | 'main' = 'inline') =>
    html`<button type="submit" name="op" value="${op}"${kind !== 'main' && html` class="inline${kind === 'danger' ? ' danger' : ''}"`}>${label}</button>`;
  const providers = data.providers.map(
    (p) =>
      html`<li>${p.name} · ${p.connected ? t.t('account.methods.connected') : t.t('account.methods.notConnected')} ${
        p.connected
          ? button(`disconnect:${p.id}`, t.t('account.methods.disconnect', { provider: p.name }), 'danger')
          : button(`connect:${p.id}`, t.t('account.methods.connect', { provider: p.name }))
      }</li>`,
  );
  const factors = data.factors.map(
    (f) =>
      html`<li>${t.t('account.methods.factor', { type: f.type })}${f.name && html` · ${f.name}`} ${button(
        `remove-factor:${f.id}`,
        t.t('account.methods.remove', { name: f.name ?? t.t('account.methods.factor', { type: f.type }) }),
        'danger',
      )}</li>`,
  );
  // Enter in the password field must not press the first Remove or Disconnect: a disabled default button.
  const methods = form(
    'methods',
    html`<button type="submit" disabled hidden aria-hidden="true" tabindex="-1"></button>
${passwordField(a, st, 'methodsPassword')}
<ul class="methods">${data.hasPassword && html`<li>${t.t('account.methods.password')}</li>`}${providers}${factors}</ul>${
      data.addable.totp && button('add-totp', t.t('account.methods.addTotp'), 'main')
    }${
      data.addable.passkey &&
      html`<button type="button" id="passkey" hidden>${t.t('account.methods.addPasskey')}</button><p class="error" id="passkey-error" role="alert" hidden>${t.t('account.methods.passkeyNotAdded')}</p>`
    }`,
  );
  // The passkey's answer goes in a form of its own, so no Remove button's `op` travels with it.
  const passkeyForm =
    data.addable.passkey &&
    form(
      'passkey-add',
      html`<input type="hidden" name="challengeId" value=""><input type="hidden" name="credential" value=""><input type="hidden" name="methodsPassword" value="">`,
      { id: 'passkey-form', hidden: true },
    );
  return html`${st.recoveryCodes && recoveryCodes(a, st.recoveryCodes)}${totp && totpStep(a, form, st, totp)}${methods}${passkeyForm}`;
}

/**
 * The page script for Add a passkey: shown only where the browser has WebAuthn; on a click it asks the
 * page for registration options (`action=passkey-options`, the methods form's fields, CSRF included),
 * runs the ceremony and posts the answer with the passkey form.
 */
export function methodsScript(): string {
  return `(()=>{const b=document.getElementById('passkey'),f=document.getElementById('passkey-form');if(!b||!f||!window.PublicKeyCredential)return;b.hidden=false;
const err=document.getElementById('passkey-error'),m=b.form;${passkeyLibraryLoader()}
b.addEventListener('click',async()=>{b.disabled=true;err.hidden=true;try{const w=await load();const body=new URLSearchParams(new FormData(m));body.set('action','passkey-options');
const r=await fetch(m.getAttribute('action')||location.href,{method:'POST',body,credentials:'same-origin'});const o=await r.json().catch(()=>({}));if(!r.ok)throw Object.assign(new Error('options '+r.status),{text:o.message});
const c=await w.startRegistration({optionsJSON:JSON.parse(o.publicKeyCredentialCreationOptionsJson)});
f.elements.challengeId.value=o.challengeId;f.elements.credential.value=JSON.stringify(c);f.elements.methodsPassword.value=m.elements.methodsPassword.value;f.submit();}
catch(e){console.warn('adding a passkey failed',e&&e.message);if(e&&e.text)err.textContent=e.text;b.disabled=false;err.hidden=false;}});})();`;
}
