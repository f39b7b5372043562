import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { SiteConfig } from '../config/types.js';
import { ApplicationError } from '../errors/wire.js';
import { ERRORS } from '../errors/catalogue.js';
import { type StateResponse, liveChallenge, availableFactors } from '../identity/index.js';
import { DEVICE_TOKEN_DAYS } from '../sessions/device-tokens.js';
import { cookieNames, readCookies, setCookie } from '../http/cookies.js';
import type { Translator } from '../i18n/index.js';
import { html, type Html } from '../http/html.js';
import { passkeyControls, passkeyData } from './passkey-step.js';
import { formAction, type FormState } from './form-state.js';
import { pushButton, renderPushWaiting } from './push-step.js';

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
 * mailed a code first (`sendEmailCode`, the EMAIL verify call without a code). Phone codes cost the shop
 * money, so they are sent only when the member asks (**Text me a code**); `answered`: the factor of a
 * wrong answer, whose form stays.
 */
export async function secondStepState(
  result: StateResponse,
  sendEmailCode: (stateToken: string) => Promise<StateResponse>,
  t: Translator,
  answered?: string,
): Promise<Partial<FormState>> {
  const types = (result.requireMfaData ?? result.mfaChallengeData)?.availableFactors.map((f) => f.factorType) ?? [];
  const failure = (result.additionalData.failure as { strValue?: string } | undefined)?.strValue;
  const wrong = failure !== undefined;
  const pushData = result.mfaChallengeData?.verificationChallengeData?.pushData;
  const stateToken = result.stateToken ?? '';
  const phone = types.filter((f): f is 'SMS' | 'CALL' => f === 'SMS' || f === 'CALL');
  const sentTo = result.mfaChallengeData?.factorType;
  const onPhone = [sentTo, answered].find((f): f is 'SMS' | 'CALL' => f === 'SMS' || f === 'CALL');
  const factor =
    onPhone ?? (types.includes('TOTP') ? 'TOTP' : types.includes('EMAIL') || !phone.length ? 'EMAIL' : phone[0]!);
  let hint = result.mfaChallengeData?.verificationChallengeData?.hint;
  if (factor === 'EMAIL' && types.includes('EMAIL') && !wrong && !hint && !pushData)
    hint = (await sendEmailCode(stateToken)).mfaChallengeData?.verificationChallengeData?.hint;
  return {
    stateToken,
    mfa: {
      factor,
      recovery: types.includes('RECOVERY_CODE'),
      hint,
      passkey: types.includes('WEBAUTHN'),
      // A phone factor's code field shows once a code was sent (or answered).
      codes: types.includes('TOTP') || types.includes('EMAIL') || onPhone !== undefined,
      phone,
      phoneSent: onPhone !== undefined,
      push: types.includes('PUSH'),
      ...(pushData?.status === 'PENDING'
        ? { pushWaiting: { transactionId: pushData.transactionId, matchNumber: pushData.matchNumber } }
        : {}),
    },
    ...(failure === 'PUSH_EXPIRED'
      ? { formError: t.t('error.pushExpired') }
      : wrong
        ? // A wrong recovery code under its own field (its form then stays open), not under the code field.
          { errors: { [answered === 'RECOVERY_CODE' ? 'recoveryCode' : 'code']: t.t('error.wrongCode') } }
        : {}),
  };
}

/** **Text me a code** / **Call me instead** / **Approve on another device**: what a second-step form asks for. */
export function phoneSendOf(form: Record<string, unknown>): 'SMS' | 'CALL' | 'PUSH' | undefined {
  return form.send === 'SMS' || form.send === 'CALL' || form.send === 'PUSH' ? form.send : undefined;
}

type PhoneRefusal =
  'error.phoneTooSoon' | 'error.phoneLimit' | 'error.phoneFailed' | 'error.phoneCountry' | 'error.phoneUnavailable';

/**
 * A refused phone code in words naming its cause (the review saw one sentence for every failure): the country the
 * site does not serve is not "too many codes", and a site that stopped sending by phone is not an error page.
 */
export function phoneRefusal(error: unknown): PhoneRefusal | undefined {
  if (!(error instanceof ApplicationError)) return undefined;
  switch (error.code) {
    case ERRORS.PHONE_RESEND_TOO_SOON.code:
      return 'error.phoneTooSoon';
    case ERRORS.PHONE_LIMIT_REACHED.code:
      return error.data.limit === 'country' ? 'error.phoneCountry' : 'error.phoneLimit';
    case ERRORS.PHONE_DELIVERY_FAILED.code:
      return 'error.phoneFailed';
    case ERRORS.FACTOR_NOT_AVAILABLE.code:
      return 'error.phoneUnavailable';
    default:
      return undefined;
  }
}

/**
 * **Text me a code** / **Call me instead** on the hosted second step: the verify call without a code
 * (`ask`). A refusal (too soon, a limit, the provider down) is said on the same step, whose other
 * factors stay on offer; the provider's 503 is a message here, not an error page.
 */
export async function askPhoneCode(
  ctx: AppContext,
  site: SiteConfig,
  stateToken: string,
  ask: () => Promise<StateResponse>,
  t: Translator,
): Promise<{ state: Partial<FormState>; status: number }> {
  try {
    return { state: await secondStepState(await ask(), async (token) => stepAgain(ctx, site, token), t), status: 200 };
  } catch (error) {
    const key = phoneRefusal(error);
    if (!key) throw error;
    const again = await stepAgain(ctx, site, stateToken);
    const state = await secondStepState(again, async () => again, t);
    return { state: { ...state, formError: t.t(key) }, status: (error as ApplicationError).status };
  }
}

/** The step of a stateToken as REQUIRE_MFA (its factors), without sending or counting anything. */
async function stepAgain(ctx: AppContext, site: SiteConfig, stateToken: string): Promise<StateResponse> {
  const challenge = await liveChallenge(ctx.db, site.id, stateToken, ctx.now());
  const factors = await availableFactors(ctx.db, site, challenge.memberId);
  return {
    state: 'REQUIRE_MFA',
    stateToken,
    identity: undefined as never, // not read by the form
    additionalData: {},
    requireMfaData: { availableFactors: factors, reason: 'USER_SETTINGS' },
  };
}

/** The verify body of a submitted second-step form. */
export function verifyBody(form: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).slice(0, 40).trim() : '');
  const factorType = ['TOTP', 'EMAIL', 'RECOVERY_CODE', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'].includes(text('factor'))
    ? text('factor')
    : 'TOTP';
  const data = {
    TOTP: 'totpData',
    EMAIL: 'emailData',
    RECOVERY_CODE: 'recoveryCodeData',
    SMS: 'smsData',
    CALL: 'callData',
  }[factorType as 'TOTP'];
  const stateToken = typeof form.stateToken === 'string' ? form.stateToken.slice(0, 200) : '';
  if (factorType === 'WEBAUTHN')
    return { factorType, stateToken, rememberThisDevice: form.remember === 'on', webauthnData: passkeyData(form) };
  if (factorType === 'PUSH')
    return {
      factorType,
      stateToken,
      rememberThisDevice: form.remember === 'on',
      pushData: { transactionId: text('transactionId') },
    };
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
  const sentTo = (key: 'text.codeSentTo' | 'text.codeTexted' | 'text.codeCalled', name: 'email' | 'phone') =>
    t.markup(key, { [name]: '' }, { [name]: html`<strong dir="ltr">${mfa.hint ?? ''}</strong>` });
  const intro =
    mfa.factor === 'EMAIL'
      ? html`<p>${mfa.hint ? sentTo('text.codeSentTo', 'email') : t.t('text.codeSent')}</p>`
      : mfa.factor === 'SMS'
        ? html`<p>${sentTo('text.codeTexted', 'phone')}</p>`
        : mfa.factor === 'CALL'
          ? html`<p>${sentTo('text.codeCalled', 'phone')}</p>`
          : html`<p>${t.t('text.authenticatorCode')}</p>`;
  const remember = html`<label class="check"><input type="checkbox" name="remember" value="on"> ${t.t('field.rememberDevice')}</label>`;
  const passkey = mfa.passkey && passkeyControls(s, parts.hidden('mfa'), t.t('button.usePasskey'));
  // A passkey-only member has no code form, whose head would show the page's error: shown here instead.
  const alert = s.formError && html`<p class="alert" role="alert">${s.formError}</p>`;
  const main =
    mfa.codes === false
      ? html`${alert}${passkey}`
      : html`${passkey}${parts.open}${parts.hidden('mfa')}${token}<input type="hidden" name="factor" value="${mfa.factor}">${phoneHint(mfa)}${intro}
${parts.field('code', t.t('field.authenticationCode'), 'text', html`autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required`)}
${remember}
<button type="submit">${t.t('button.verify')}</button></form>`;
  const push = mfa.push ? pushButton(s, parts.hidden('mfa'), mfa.pushWaiting !== undefined) : '';
  const withPhone = mfa.pushWaiting
    ? html`${alert}${renderPushWaiting(s, parts.hidden('mfa'), mfa.pushWaiting)}${push}${passkey}${phoneButtons(s, parts, token)}`
    : html`${main}${phoneButtons(s, parts, token)}${push}`;
  if (!mfa.recovery) return withPhone;
  // Closed until asked for (the review found it open under the code form): a recovery code is the way out when
  // the factor is lost, not a second choice. <details> opens without JavaScript; an error in it keeps it open.
  const open = s.errors?.recoveryCode ? html` open` : '';
  return html`${withPhone}<details class="recovery"${open}><summary>${t.t('link.useRecoveryCode')}</summary>
<form method="post" action="${formAction(s.lang)}" id="recovery" novalidate>${parts.hidden('mfa')}${token}<input type="hidden" name="factor" value="RECOVERY_CODE">
${parts.field('recoveryCode', t.t('field.recoveryCode'), 'text', html`autocomplete="off" maxlength="20" required`)}
<button type="submit">${t.t('button.useRecoveryCode')}</button></form></details>`;
}

/**
 * The phone choices (issue #32): **Text me a code** and **Call me with a code** before a code was sent;
 * then **Send a new code** for the same way and **Call me instead** (or **Text me instead**).
 */
function phoneButtons(s: FormState, parts: Parts, token: Html): Html | '' {
  const mfa = s.mfa!;
  const phone = mfa.phone ?? [];
  if (!phone.length) return '';
  const { t } = s.lang;
  const sent = mfa.phoneSent && (mfa.factor === 'SMS' || mfa.factor === 'CALL') ? mfa.factor : undefined;
  const label = (type: 'SMS' | 'CALL') =>
    type === sent
      ? t.t('button.sendNewCode')
      : type === 'SMS'
        ? t.t(sent ? 'button.textMeInstead' : 'button.textMe')
        : t.t(sent ? 'button.callMeInstead' : 'button.callMe');
  const buttons = phone.map(
    (type) => html`<button type="submit" name="send" value="${type}" class="secondary">${label(type)}</button>`,
  );
  return html`<form method="post" action="${formAction(s.lang)}" class="phone-choices" novalidate>${parts.hidden('mfa')}${token}${buttons}</form>`;
}

/** The masked number, carried so a wrong phone code's page still says where the code went. */
const phoneHint = (mfa: NonNullable<FormState['mfa']>): Html | '' =>
  (mfa.factor === 'SMS' || mfa.factor === 'CALL') && mfa.hint
    ? html`<input type="hidden" name="hint" value="${mfa.hint}">`
    : '';
