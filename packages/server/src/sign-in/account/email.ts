/**
 * The ACCOUNT_INFO page's email change (docs/account-pages.md#email-address): a thin adapter over
 * identity/flows/change-email.ts, as this browser's member session. `email` sends the code to the new
 * address (with the fresh-sign-in or current-password proof), `email-confirm` takes it, `email-cancel`
 * drops the waiting change.
 */
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '../../errors/catalogue.js';
import { ApiError, ValidationError } from '../../errors/wire.js';
import type { PageInput } from '../../http/pages/input.js';
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, startEmailChange } from '../../identity/index.js';
import { clientIp, ReauthenticationError } from '../../security/index.js';
import type { Scope } from '../pages.js';
import type { AccountPageContext } from './context.js';
import type { InfoState } from './info-state.js';

export const EMAIL_ACTIONS = ['email', 'email-confirm', 'email-cancel'] as const;

const text = (form: PageInput, name: string, max: number): string =>
  typeof form[name] === 'string' ? (form[name] as string).slice(0, max) : '';

/** The page's state after the action, with its HTTP status; `changed`: the member's address is new (reload them). */
export async function emailAction(
  scope: Scope,
  request: FastifyRequest,
  a: AccountPageContext,
  action: string,
  form: PageInput,
): Promise<{ st: InfoState; status: number; changed?: boolean }> {
  const { t } = a.lang;
  const ms = { caller: a.caller, ip: clientIp(request) };
  try {
    if (action === 'email-cancel') {
      await cancelEmailChange(scope.deps, ms);
      return { st: {}, status: 200 };
    }
    if (action === 'email-confirm') {
      await confirmEmailChange(scope.deps, ms, { code: text(form, 'emailCode', 20) });
      return { st: { notice: { form: 'email', text: t.t('account.email.changed') } }, status: 200, changed: true };
    }
    const password = text(form, 'emailPassword', 4096);
    await startEmailChange(scope.deps, ms, {
      newEmail: text(form, 'newEmail', 320),
      ...(password ? { currentPassword: password } : {}),
    });
    return { st: {}, status: 200 };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const code = (error as { code?: unknown }).code;
    let st: InfoState;
    if (error instanceof ReauthenticationError)
      st = {
        errors: {
          emailPassword: t.t(
            error.reason === 'WRONG_CURRENT_PASSWORD' ? 'account.error.wrongPassword' : 'account.error.reauthenticate',
          ),
        },
      };
    else if (error instanceof ValidationError && error.violations.some((v) => v.field === 'code'))
      // The fifth wrong code ended the change: the code field is gone, so the message goes on the form.
      st = (await pendingEmailChange(scope.ctx, a.caller))
        ? { errors: { emailCode: t.t('account.email.wrongCode') } }
        : { formError: { form: 'email', text: t.t('account.email.noChange') } };
    else if (error instanceof ValidationError) st = { errors: { newEmail: t.t('account.email.invalid') } };
    else if (error.status === 429) st = { formError: { form: action, text: t.t('account.error.tooMany') } };
    else if (code === ERRORS.EMAIL_EXISTS.code || code === ERRORS.INVALID_STATE_TOKEN.code)
      st = { formError: { form: 'email', text: t.t('account.email.noChange') } };
    else st = { formError: { form: action, text: t.t('error.generic') } };
    return { st, status: error.status };
  }
}
