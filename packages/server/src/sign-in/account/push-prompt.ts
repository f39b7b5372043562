/**
 * "Is this you signing in?" on the hosted account pages (issue #32): a sign-in of this member waiting
 * for push approval is shown at the top of ACCOUNT_INFO with its browser, place and time, and the three
 * numbers; the member picks the one the waiting page shows (a wrong pick denies) or denies. The answers
 * are the JSON API's own (identity/mfa/push-approval.ts), acting as this browser's member session; after
 * a denial the page offers to end the member's other sessions and to change the password.
 */
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '../../errors/catalogue.js';
import { ApiError } from '../../errors/wire.js';
import { html, type Html } from '../../http/html.js';
import type { PageInput } from '../../http/pages/input.js';
import { answerApproval, listPendingApprovals, secureAccount } from '../../identity/index.js';
import { clientIp } from '../../security/index.js';
import type { Scope } from '../pages.js';
import type { AccountPageContext } from './context.js';
import type { InfoForm, InfoState } from './info-state.js';

export const PUSH_ACTIONS = ['push-approve', 'push-deny', 'push-secure'] as const;

export type PendingApprovals = Awaited<ReturnType<typeof listPendingApprovals>>['transactions'];

const scopeOf = (request: FastifyRequest, a: AccountPageContext) => ({ caller: a.caller, ip: clientIp(request) });

/** The sign-ins waiting for this member's approval, newest first. */
export async function pendingApprovals(scope: Scope, request: FastifyRequest, a: AccountPageContext) {
  return (await listPendingApprovals(scope.deps, scopeOf(request, a))).transactions;
}

/** Approve (with the picked number), deny, or secure the account after a denial. */
export async function pushAction(
  scope: Scope,
  request: FastifyRequest,
  a: AccountPageContext,
  action: (typeof PUSH_ACTIONS)[number],
  form: PageInput,
): Promise<{ show: InfoState; status?: number }> {
  const flowScope = scopeOf(request, a);
  const transactionId = typeof form.transactionId === 'string' ? form.transactionId.slice(0, 100) : '';
  try {
    if (action === 'push-secure') {
      await secureAccount(scope.deps, flowScope);
      return { show: { push: 'secured' } };
    }
    const answer =
      action === 'push-approve'
        ? { approve: true as const, number: Number(typeof form.number === 'string' ? form.number.slice(0, 4) : NaN) }
        : { approve: false as const };
    const decided = await answerApproval(scope.deps, flowScope, transactionId, answer);
    return { show: { push: decided.status === 'APPROVED' ? 'approved' : 'denied' } };
  } catch (error) {
    if (error instanceof ApiError && (error as { code?: unknown }).code === ERRORS.PUSH_ANSWERED.code)
      return { show: { push: 'late' }, status: 409 };
    if (error instanceof ApiError && error.status < 500) return { show: { push: 'late' }, status: error.status };
    throw error;
  }
}

/** The prompt for the newest waiting sign-in, and the outcome of the last answer. */
export function renderPushPrompt(
  a: AccountPageContext,
  form: InfoForm,
  pending: PendingApprovals,
  st: InfoState,
): Html | '' {
  const { t } = a.lang;
  const waiting = pending[0];
  if (!waiting && !st.push) return '';
  const time = new Intl.DateTimeFormat(t.language, { timeStyle: 'short' });
  const outcome =
    st.push === 'approved'
      ? html`<p class="notice" role="status">${t.t('account.push.approved')}</p>`
      : st.push === 'late'
        ? html`<p class="notice" role="status">${t.t('account.push.late')}</p>`
        : st.push === 'secured'
          ? html`<p class="notice" role="status">${t.t('account.push.secured')}</p>`
          : st.push === 'denied'
            ? html`<div class="alert" role="alert"><p><strong>${t.t('account.push.deniedTitle')}</strong></p><p>${t.t('account.push.deniedText')}</p>${form(
                'push-secure',
                html`<button type="submit">${t.t('account.push.endSessions')}</button>`,
              )}<p><a href="#password-h">${t.t('account.push.changePassword')}</a></p></div>`
            : '';
  const prompt =
    waiting &&
    html`<p>${[
      waiting.browser ?? t.t('account.push.unknownBrowser'),
      waiting.place,
      t.t('account.push.at', { time: time.format(new Date(waiting.createdDate)) }),
    ]
      .filter((part): part is string => Boolean(part))
      .join(' · ')}</p>
<p id="push-help">${t.t('account.push.pickNumber')}</p>${form(
      'push-approve',
      html`<input type="hidden" name="transactionId" value="${waiting.transactionId}"><div role="group" aria-describedby="push-help" class="push-numbers">${waiting.numberChoices.map(
        (n) =>
          html`<button type="submit" name="number" value="${String(n)}"><span dir="ltr">${String(n)}</span></button>`,
      )}</div>`,
    )}${form(
      'push-deny',
      html`<input type="hidden" name="transactionId" value="${waiting.transactionId}"><button type="submit" class="inline">${t.t('account.push.deny')}</button>`,
    )}`;
  return html`<section aria-labelledby="push-h" class="push-prompt"><h2 id="push-h">${t.t('account.push.title')}</h2>${outcome}${prompt || ''}</section>`;
}
