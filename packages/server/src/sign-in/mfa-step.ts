import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { StateResponse } from '../identity/common.js';
import { DEVICE_TOKEN_DAYS } from '../identity/mfa/device-tokens.js';
import { cookieNames, readCookies, setCookie } from '../http/cookies.js';
import type { Translator } from '../i18n/index.js';
import { html, type Html } from '../http/html.js';
import { passkeyControls, passkeyData } from './passkey-step.js';
import { formAction, type FormState } from './form-state.js';

/**
 * The hosted pages' second step (issue #14): the form that answers REQUIRE_MFA with an authenticator
 * or emailed code, or a recovery code, and the HttpOnly cookie that remembers this device.
 */
const deviceCookie = (ctx: AppContext) => cookieNames(ctx).session.replace('vitrine_sso', 'vitrine_device');

export const deviceTokenOf = (ctx: AppContext, request: FastifyRequest): string | undefined =>
  readCookies(request)[deviceCookie(ctx)] || undefined;

/** SUCCESS with `rememberThisDevice`: the device token goes into an HttpOnly cookie for 30 days. */
export function rememberDevice(ctx: AppContext, reply: FastifyReply, result: StateResponse): void {
  const token = (result.additionalData.deviceToken as { strValue?: string } | undefined)?.strValue;
  if (token) setCookie(ctx, reply, deviceCookie(ctx), token, DEVICE_TOKEN_DAYS * 86_400);
}

/**
 * The form state of a REQUIRE_MFA / MFA_CHALLENGE answer. A member whose only code factor is EMAIL is
 * mailed a code first (`sendEmailCode`, the EMAIL verify call without a code).
 */
export async function secondStepState(
  result: StateResponse,
  sendEmailCode: (stateToken: string) => Promise<StateResponse>,
  t: Translator,
): Promise<Partial<FormState>> {
  const types = (result.requireMfaData ?? result.mfaChallengeData)?.availableFactors.map((f) => f.factorType) ?? [];
  const wrong = result.additionalData.failure !== undefined;
  const stateToken = result.stateToken ?? '';
  const factor = types.includes('TOTP') ? 'TOTP' : 'EMAIL';
  let hint = result.mfaChallengeData?.verificationChallengeData?.hint;
  if (factor === 'EMAIL' && types.includes('EMAIL') && !wrong && !hint)
    hint = (await sendEmailCode(stateToken)).mfaChallengeData?.verificationChallengeData?.hint;
  return {
    stateToken,
    mfa: {
      factor,
      recovery: types.includes('RECOVERY_CODE'),
      hint,
      passkey: types.includes('WEBAUTHN'),
      codes: types.includes('TOTP') || types.includes('EMAIL'),
    },
    ...(wrong ? { errors: { code: t.t('error.wrongCode') } } : {}),
  };
}

/** The verify body of a submitted second-step form. */
export function verifyBody(form: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).slice(0, 40).trim() : '');
  const factorType = ['TOTP', 'EMAIL', 'RECOVERY_CODE', 'WEBAUTHN'].includes(text('factor')) ? text('factor') : 'TOTP';
  const data = { TOTP: 'totpData', EMAIL: 'emailData', RECOVERY_CODE: 'recoveryCodeData' }[factorType as 'TOTP'];
  const stateToken = typeof form.stateToken === 'string' ? form.stateToken.slice(0, 200) : '';
  if (factorType === 'WEBAUTHN')
    return { factorType, stateToken, rememberThisDevice: form.remember === 'on', webauthnData: passkeyData(form) };
  return {
    factorType,
    stateToken,
    rememberThisDevice: form.remember === 'on',
    [data]: { code: text(factorType === 'RECOVERY_CODE' ? 'recoveryCode' : 'code') },
  };
}

type Parts = {
  open: Html;
  hidden: (action: string) => Html;
  field: (name: string, label: string, type: string, attrs: Html) => Html;
};

/** Field **Authentication code**, checkbox **Remember this device**, button **Verify**, link **Use a recovery code**, button **Use a passkey**. */
export function renderMfaForm(s: FormState, parts: Parts): Html {
  const mfa = s.mfa ?? { factor: 'TOTP', recovery: false };
  const { t } = s.lang;
  const token = html`<input type="hidden" name="stateToken" value="${s.stateToken ?? ''}">`;
  const intro =
    mfa.factor === 'EMAIL'
      ? html`<p>${mfa.hint ? t.markup('text.codeSentTo', { email: '' }, { email: html`<strong>${mfa.hint}</strong>` }) : t.t('text.codeSent')}</p>`
      : html`<p>${t.t('text.authenticatorCode')}</p>`;
  const remember = html`<label class="check"><input type="checkbox" name="remember" value="on"> ${t.t('field.rememberDevice')}</label>`;
  const passkey = mfa.passkey && passkeyControls(s, parts.hidden('mfa'), t.t('button.usePasskey'));
  // A passkey-only member has no code form, whose head would show the page's error: shown here instead.
  const alert = s.formError && html`<p class="alert" role="alert">${s.formError}</p>`;
  const main =
    mfa.codes === false
      ? html`${alert}${passkey}`
      : html`${passkey}${parts.open}${parts.hidden('mfa')}${token}<input type="hidden" name="factor" value="${mfa.factor}">${intro}
${parts.field('code', t.t('field.authenticationCode'), 'text', html`autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required`)}
${remember}
<button type="submit">${t.t('button.verify')}</button></form>`;
  if (!mfa.recovery) return main;
  return html`${main}<nav><a href="#recovery">${t.t('link.useRecoveryCode')}</a></nav>
<form method="post" action="${formAction(s.lang)}" id="recovery" novalidate>${parts.hidden('mfa')}${token}<input type="hidden" name="factor" value="RECOVERY_CODE">
${parts.field('recoveryCode', t.t('field.recoveryCode'), 'text', html`autocomplete="off" maxlength="20" required`)}
<button type="submit">${t.t('button.useRecoveryCode')}</button></form>`;
}
