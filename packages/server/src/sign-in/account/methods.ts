/**
 * The ACCOUNT_INFO page's changes to sign-in methods and second factors (docs/account-pages.md): a thin
 * adapter over the flows the JSON API runs — identity/mfa/manage.ts (add an authenticator app, add a
 * passkey, remove a factor) and the SSO connect and disconnect flows (sign-in/sso-connect.ts,
 * identity/sso/connections.ts) — acting as this browser's member session. Every change takes the API's
 * proof: a sign-in within the last 10 minutes, or the current password (a posted field, never the address).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError, ERRORS } from '../../errors/catalogue.js';
import { ApiError, ValidationError } from '../../errors/wire.js';
import type { PageInput } from '../../http/pages/input.js';
import {
  findFactor,
  activate,
  addFactor,
  addPasskey,
  passkeyRegistrationOptions,
  removeFactor,
  totpSealContext,
  disconnect,
} from '../../identity/index.js';
import { clientIp, ReauthenticationError, revealTotpSecret, totpUri } from '../../security/index.js';
import type { Translator } from '../../i18n/index.js';
import { passkeyData } from '../passkey-step.js';
import type { Scope } from '../pages.js';
import { beginAtProvider } from '../sso-browser-flow.js';
import { connectProvider } from '../sso-connect.js';
import { accountPage, type AccountPageContext } from './context.js';
import { html } from '../../http/html.js';
import type { InfoState } from './info-state.js';
import type { TotpSetup } from './methods-view.js';
import { accountPath } from '../../oauth/account-paths.js';

/** What a change leads to: the page again (with messages, maybe the app's set-up step), or an answer already made. */
export type MethodsOutcome = { show: InfoState; totp?: TotpSetup; status?: number } | { sent: unknown };

export const METHOD_ACTIONS = ['methods', 'totp', 'passkey-options', 'passkey-add'] as const;

const text = (form: PageInput, name: string, max = 4096): string =>
  typeof form[name] === 'string' ? (form[name] as string).slice(0, max) : '';

/** The proof field: absent when empty, so a fresh sign-in suffices. */
const proof = (form: PageInput, name: string) => {
  const value = text(form, name);
  return value ? { currentPassword: value } : {};
};

/** The origins the page's forms may lead to: the providers' (a Connect answers a redirect there). */
export const providerOrigins = (a: AccountPageContext): string[] =>
  (a.site.identityProviders ?? []).map((p) => p.issuer);

/** The set-up step again for an authenticator app the member has not turned on yet (a wrong code). */
async function pendingTotp(scope: Scope, a: AccountPageContext, factorId: string): Promise<TotpSetup | undefined> {
  const factor = await findFactor(scope.ctx.db, a.site.id, a.member.id, factorId);
  if (!factor || factor.type !== 'TOTP' || factor.status !== 'INACTIVE' || !factor.totpSecret) return undefined;
  const secret = revealTotpSecret(scope.ctx.config, factor.totpSecret, totpSealContext(a.site.id, factor.id));
  return { factorId: factor.id, secret, otpauthUri: totpUri(a.site.name, a.member.email, secret) };
}

/** A refused change in the page's words, on the form's password field or the form as a whole. */
function explain(error: ApiError, form: string, passwordField: string, t: Translator): InfoState {
  if (error instanceof ReauthenticationError)
    return {
      errors: {
        [passwordField]: t.t(
          error.reason === 'WRONG_CURRENT_PASSWORD' ? 'account.error.wrongPassword' : 'account.error.reauthenticate',
        ),
      },
    };
  if (error instanceof ValidationError && error.violations.some((v) => v.field === 'code'))
    return { errors: { code: t.t('account.totp.wrongCode') } };
  const code = (error as { code?: unknown }).code;
  const key =
    error.status === 429
      ? 'account.error.tooMany'
      : code === ERRORS.LAST_SIGN_IN_METHOD.code
        ? 'account.methods.lastMethod'
        : code === ERRORS.WEBAUTHN_FAILED.code
          ? 'error.passkeyFailed'
          : code === ERRORS.IDP_UNAVAILABLE.code
            ? 'account.methods.providerDown'
            : 'error.generic';
  return { formError: { form, text: t.t(key) } };
}

export async function methodsAction(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  a: AccountPageContext,
  action: string,
  form: PageInput,
): Promise<MethodsOutcome> {
  const { ctx, deps } = scope;
  const { t } = a.lang;
  const fs = { caller: a.caller, site: a.site, ip: clientIp(request), visitorId: undefined };
  const passwordField = action === 'totp' ? 'totpPassword' : 'methodsPassword';
  const formName = action === 'passkey-add' || action === 'passkey-options' ? 'methods' : action;
  try {
    if (action === 'passkey-options') {
      const options = await passkeyRegistrationOptions(deps, fs, proof(form, 'methodsPassword'));
      return {
        sent: reply
          .code(200)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(JSON.stringify(options)),
      };
    }
    if (action === 'passkey-add') {
      const added = await addPasskey(deps, fs, {
        ...proof(form, 'methodsPassword'),
        ...passkeyData(form),
        name: t.t('account.methods.factor', { type: 'WEBAUTHN' }),
      });
      return {
        show: { notice: { form: 'methods', text: t.t('account.methods.added') }, recoveryCodes: added.recoveryCodes },
      };
    }
    if (action === 'totp') {
      const factorId = text(form, 'factorId', 100);
      try {
        const done = await activate(
          deps,
          fs,
          { ...proof(form, 'totpPassword'), code: text(form, 'code', 20) },
          factorId,
        );
        return {
          show: { notice: { form: 'methods', text: t.t('account.methods.added') }, recoveryCodes: done.recoveryCodes },
        };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return {
          show: explain(error, 'totp', passwordField, t),
          totp: await pendingTotp(scope, a, factorId),
          status: error.status,
        };
      }
    }
    const op = text(form, 'op', 200);
    const colon = op.indexOf(':');
    const verb = colon < 0 ? op : op.slice(0, colon);
    const target = colon < 0 ? '' : op.slice(colon + 1);
    const password = proof(form, 'methodsPassword');
    if (op === 'add-totp') {
      const started = await addFactor(deps, fs, { ...password, factorType: 'TOTP' });
      // A TOTP enrolment always answers its secret; the check narrows addFactor's answer for every factor type.
      const totp = 'totp' in started ? (started.totp as { secret: string; otpauthUri: string } | undefined) : undefined;
      if (!totp) throw new Error('an authenticator app was added without its secret');
      return { show: {}, totp: { factorId: started.factor.factorId, ...totp } };
    }
    if (verb === 'remove-factor') {
      await removeFactor(deps, fs, password, target);
      return { show: { notice: { form: 'methods', text: t.t('account.methods.removed') } } };
    }
    if (verb === 'disconnect') {
      await disconnect(deps, { caller: a.caller, ip: fs.ip }, target, password);
      return { show: { notice: { form: 'methods', text: t.t('account.methods.disconnected') } } };
    }
    if (verb === 'connect') {
      const back = `${ctx.config.publicUrl.replace(/\/+$/, '')}${accountPath('ACCOUNT_INFO', a.s.id, a.lang.explicit)}`;
      const { authUrl } = await connectProvider(deps, fs, target, {
        currentPassword: password.currentPassword,
        returnUrl: () => back,
        reply,
        begin: (idp, session, r) =>
          beginAtProvider(ctx, { id: session.siteId }, idp, session, r, undefined, t.language),
      });
      // The page's CSP lets its forms lead to the providers' issuer origins; elsewhere, a link to follow.
      if (!providerOrigins(a).some((o) => URL.canParse(o) && new URL(o).origin === new URL(authUrl).origin)) {
        const name = a.site.identityProviders?.find((p) => p.id === target)?.name ?? target;
        const link = html`<p><a href="${authUrl}">${t.t('account.methods.continueTo', { provider: name })}</a></p>`;
        return { sent: accountPage(reply, a, 'ACCOUNT_INFO', t.t('account.info.title'), link) };
      }
      return { sent: reply.code(303).header('cache-control', 'no-store').header('location', authUrl).send() };
    }
    throw appError('BAD_REQUEST', { description: 'unknown change' });
  } catch (error) {
    // A provider that does not answer (503) is the page's to explain; other server errors are not.
    if (!(error instanceof ApiError) || (error.status >= 500 && error.status !== 503)) throw error;
    if (action === 'passkey-options') {
      const state = explain(error, 'methods', passwordField, t);
      const message = state.errors?.[passwordField] ?? state.formError?.text;
      return {
        sent: reply
          .code(error.status)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(JSON.stringify({ message })),
      };
    }
    return { show: explain(error, formName, passwordField, t), status: error.status };
  }
}
