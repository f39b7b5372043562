import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { appError, ERRORS } from '../errors/catalogue.js';
import { type IdentityDeps, passkeySignInChallenge, verifyFactor, type FlowScope } from '../identity/index.js';
import { html, type Html } from '../http/html.js';
import { formAction, type FormState } from './form-state.js';

/**
 * Passkeys on the hosted pages (issue #14): **Sign in with a passkey** on the sign-in page and
 * **Use a passkey** on the second step. The WebAuthn ceremony runs in the page with
 * `@simplewebauthn/browser`, read from the installed package and served by this server (nothing from a
 * CDN), loaded on the first click under the page's CSP nonce. The page asks its own form endpoint for a challenge (`action=passkey-options`, CSRF
 * checked like every post), signs it, and posts the answer back as an ordinary form, so the rest of
 * the flow (second step, cookies, the code for the shop) is the same as for a typed code.
 */

let bundle: string | undefined;

/** The UMD bundle of @simplewebauthn/browser (defines `SimpleWebAuthnBrowser`); read once. */
function webAuthnBundle(): string {
  if (bundle === undefined) {
    const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
    // The package's exports hide dist/; its entry lives in script/, next to dist/.
    bundle = readFileSync(join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  }
  return bundle;
}

/** The button and the (hidden) form it posts; shown only when the browser has WebAuthn. */
export function passkeyControls(s: FormState, hidden: Html, label: string): Html {
  const { t } = s.lang;
  return html`<form method="post" action="${formAction(s.lang)}" id="passkey-form" class="passkey" novalidate>${hidden}
<input type="hidden" name="stateToken" value="${s.stateToken ?? ''}"><input type="hidden" name="factor" value="WEBAUTHN">
<input type="hidden" name="challengeId" value=""><input type="hidden" name="credential" value=""><input type="hidden" name="remember" value="">
<p class="error" id="passkey-error" role="alert" hidden>${t.t('error.passkeyNotUsed')}</p>
<button type="button" id="passkey" hidden>${label}</button></form>`;
}

/** Where the hosted pages load the WebAuthn library from (this server; cached for a day). */
export const PASSKEY_LIBRARY_PATH = '/_vitrine/hosted/simplewebauthn-browser.js';

/** GET PASSKEY_LIBRARY_PATH (mounted by routes.ts). */
export function sendPasskeyLibrary(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/javascript; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(webAuthnBundle());
}

/**
 * Script text defining `load()`: a promise of the `SimpleWebAuthnBrowser` library, loaded once by a script
 * element carrying the running script's nonce (so the page's CSP admits it). Must run synchronously in
 * an inline script (it reads `document.currentScript`). Shared by every hosted page with a passkey button.
 */
export function passkeyLibraryLoader(): string {
  return `const nonce=document.currentScript&&document.currentScript.nonce;let lib;
const load=()=>lib||(lib=new Promise((ok,no)=>{const s=document.createElement('script');s.src=${JSON.stringify(PASSKEY_LIBRARY_PATH)};s.nonce=nonce;s.onload=()=>ok(window.SimpleWebAuthnBrowser);s.onerror=()=>{lib=undefined;no(new Error('library'));};document.head.appendChild(s);}));`;
}

/**
 * The page script: on the first click it loads the library (a script element carrying this script's
 * nonce, so the CSP admits it), asks for a challenge, runs the ceremony and posts the signed answer.
 * Pages whose visitors never click pay for a few hundred bytes only.
 */
export function passkeyScript(): string {
  return `(()=>{const b=document.getElementById('passkey'),f=document.getElementById('passkey-form');if(!b||!f||!window.PublicKeyCredential)return;b.hidden=false;
const err=document.getElementById('passkey-error');${passkeyLibraryLoader()}
b.addEventListener('click',async()=>{b.disabled=true;err.hidden=true;try{const w=await load();const body=new URLSearchParams(new FormData(f));body.set('action','passkey-options');
// The form's own address: f.action would be its input named action.
const r=await fetch(f.getAttribute('action')||location.href,{method:'POST',body,credentials:'same-origin'});if(!r.ok)throw new Error('options');const o=await r.json();
const c=await w.startAuthentication({optionsJSON:JSON.parse(o.publicKeyCredentialRequestOptionsJson)});
const remember=document.querySelector('input[name=remember][type=checkbox]');f.elements.remember.value=remember&&remember.checked?'on':'';
f.elements.challengeId.value=o.challengeId;f.elements.credential.value=JSON.stringify(c);f.elements.action.value=f.elements.stateToken.value?'mfa':'passkey';f.submit();}
catch(e){console.warn('passkey step failed',e&&e.message);b.disabled=false;err.hidden=false;}});})();`;
}

/** Runs a flow for the page's redirect session (page-flow.ts `callFlow`). */
type Call = <T>(flow: (deps: IdentityDeps, scope: FlowScope) => Promise<T>) => Promise<T>;

/** `action=passkey-options`: a challenge for the second step (with its stateToken) or for a password-free sign-in. */
export async function passkeyOptions(
  call: Call,
  stateToken: string,
): Promise<{ challengeId: string; publicKeyCredentialRequestOptionsJson: string }> {
  if (!stateToken) return (await call(passkeySignInChallenge)).webauthn;
  const answer = await call((deps, scope) => verifyFactor(deps, scope, { stateToken }, 'WEBAUTHN'));
  const webauthn = answer.mfaChallengeData?.verificationChallengeData?.webauthnData;
  if (!webauthn) throw appError('FACTOR_NOT_AVAILABLE', { description: 'No passkey is available for this step' });
  return webauthn;
}

/** The `webauthnData` of a posted passkey form (the credential travels as the JSON of `PublicKeyCredential`). */
export function passkeyData(form: Record<string, unknown>): { challengeId: string; credential: unknown } {
  const challengeId = typeof form.challengeId === 'string' ? form.challengeId.slice(0, 200) : '';
  let credential: unknown;
  try {
    credential =
      typeof form.credential === 'string' && form.credential.length <= 16_384 ? JSON.parse(form.credential) : undefined;
  } catch {
    credential = undefined;
  }
  return { challengeId, credential: credential ?? {} };
}

/** A second-step answer the identity API threw out as a passkey it could not read (WEBAUTHN_FAILED): undefined, so the page offers the step again; anything else is rethrown. */
export function refusedPasskey(answer: Record<string, unknown>, error: unknown): undefined {
  if (answer.factorType === 'WEBAUTHN' && (error as { code?: unknown } | null)?.code === ERRORS.WEBAUTHN_FAILED.code)
    return undefined;
  throw error;
}
