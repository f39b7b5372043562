/**
 * GET/POST /members-account/info — the ACCOUNT_INFO section (docs/account-pages.md). Each form runs the flow the
 * JSON API runs (profile: patchMyMember; password: changePassword with its fresh-sign-in rule), as the
 * member session of this browser's hosted sign-in. "Sign out everywhere" and "Delete my account" end the
 * pages, with the way back to the shop.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { changePassword, patchMyMember, revokeMemberAccess } from '../../identity/index.js';
import { cookieNames, csrfFor, ensureCsrfCookie, isGenuinePost, setCookie } from '../../http/cookies.js';
import { ApiError, ValidationError } from '../../errors/wire.js';
import { pageForm, pageQuery } from '../../http/pages/input.js';
import { siteLanguages, type MessageKey, type Translator } from '../../i18n/index.js';
import { deleteMember, emitMemberEvent, findMemberById } from '../../members/index.js';
import { clientIp, ReauthenticationError, requireRecentAuthentication } from '../../security/index.js';
import type { Scope } from '../pages.js';
import { memberIdentity } from '../../webhooks/events.js';
import { accountContext, accountPage, ended, type AccountPageContext } from './context.js';
import { accountInfoData } from './info-data.js';
import type { InfoState } from './info-state.js';
import { form as infoForm, renderInfo } from './info-view.js';
import { html } from '../../http/html.js';
import { PUSH_ACTIONS, pendingApprovals, pushAction, renderPushPrompt } from './push-prompt.js';
import { EMAIL_ACTIONS, emailAction } from './email.js';
import { METHOD_ACTIONS, methodsAction, providerOrigins } from './methods.js';
import { methodsScript, type TotpSetup } from './methods-view.js';
import { formActionSources } from '../../http/pages/layout.js';
import { profilePatch } from './profile-form.js';

async function show(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  a: AccountPageContext,
  st: InfoState = {},
  status = 200,
  totp?: TotpSetup,
): Promise<string> {
  const csrf = csrfFor(scope.ctx, ensureCsrfCookie(scope.ctx, request, reply), a.s.id);
  const data = await accountInfoData(scope.ctx, a);
  const pending = await pendingApprovals(scope, request, a);
  const prompt = renderPushPrompt(a, (name, body, script) => infoForm(a, csrf, st, name, body, script), pending, st);
  const content = html`${prompt}${renderInfo(a, csrf, data, st, totp)}`;
  return accountPage(reply, a, 'ACCOUNT_INFO', a.lang.t.t('account.info.title'), content, status, {
    script: data.addable.passkey ? methodsScript() : '',
    formAction: formActionSources(providerOrigins(a)),
  });
}

export async function accountInfoPage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.method === 'HEAD')
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const a = await accountContext(scope, request, reply, pageQuery(request).redirectSessionId);
  if ('answer' in a) return a.answer;
  // Back from a provider's Connect (sign-in/sso-connect.ts adds `connected`): said only when it is so.
  const connected = pageQuery(request).connected;
  const data = typeof connected === 'string' ? await accountInfoData(scope.ctx, a) : undefined;
  const provider = data?.providers.find((p) => p.id === connected && p.connected);
  const notice = provider && {
    form: 'methods',
    text: a.lang.t.t('account.methods.nowConnected', { provider: provider.name }),
  };
  return show(scope, request, reply, a, notice ? { notice } : {});
}

const PASSWORD_RULES: Record<string, MessageKey> = {
  REQUIRED: 'error.passwordRequired',
  VALUE_TOO_SHORT: 'error.passwordTooShortLong',
  VALUE_TOO_LONG: 'error.passwordTooLong',
  COMMON_PASSWORD: 'error.passwordCommon',
  CONTEXT_PASSWORD: 'error.passwordContext',
};

/** A refused step in the page's words: which field, or the whole form. */
function explain(error: ApiError, form: string, passwordField: string, t: Translator): InfoState {
  if (error instanceof ReauthenticationError) {
    const key =
      error.reason === 'WRONG_CURRENT_PASSWORD' ? 'account.error.wrongPassword' : 'account.error.reauthenticate';
    return { errors: { [passwordField]: t.t(key) } };
  }
  if (error instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const v of error.violations) {
      if (v.field === 'newPassword')
        errors.newPassword = t.t(PASSWORD_RULES[v.ruleName ?? ''] ?? 'error.passwordRequired', {
          min: Number(v.data.min) || 8,
          max: Number(v.data.max) || 256,
        });
      else errors[form === 'profile' ? fieldOf(v.field) : passwordField] ??= t.t('account.error.field');
    }
    return { errors };
  }
  if (error.status === 429) return { formError: { form, text: t.t('account.error.tooMany') } };
  return { formError: { form, text: t.t('error.generic') } };
}

/** profile.addresses[0].address.city → city; profile.firstName → firstName. */
const fieldOf = (path: string): string =>
  path
    .split('.')
    .pop()
    ?.replace(/\[\d+\]$/, '') ?? 'firstName';

export async function accountInfoSubmit(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx, deps } = scope;
  const form = pageForm(request);
  const a = await accountContext(scope, request, reply, form.redirectSessionId);
  if ('answer' in a) return a.answer;
  const { t } = a.lang;
  const action = typeof form.action === 'string' ? form.action.slice(0, 20) : '';
  const csrf = typeof form.csrf === 'string' ? form.csrf.slice(0, 100) : '';
  if (!isGenuinePost(ctx, request, csrf, a.s.id))
    return show(scope, request, reply, a, { formError: { form: action, text: t.t('error.sessionExpired') } }, 403);
  const flowScope = { caller: a.caller, ip: clientIp(request) };
  const str = (name: string, max = 4096) =>
    typeof form[name] === 'string' ? (form[name] as string).slice(0, max) : '';
  if ((EMAIL_ACTIONS as readonly string[]).includes(action)) {
    const done = await emailAction(scope, request, a, action, form);
    // A new address: the page reads the member again so it shows it.
    const now = done.changed ? await accountContext(scope, request, reply, a.s.id) : a;
    if ('answer' in now) return now.answer;
    return show(scope, request, reply, now, done.st, done.status);
  }
  if ((PUSH_ACTIONS as readonly string[]).includes(action)) {
    const done = await pushAction(scope, request, a, action as (typeof PUSH_ACTIONS)[number], form);
    return show(scope, request, reply, a, done.show, done.status);
  }
  if ((METHOD_ACTIONS as readonly string[]).includes(action)) {
    const outcome = await methodsAction(scope, request, reply, a, action, form);
    if ('sent' in outcome) return outcome.sent;
    return show(scope, request, reply, a, outcome.show, outcome.status ?? 200, outcome.totp);
  }
  try {
    switch (action) {
      case 'profile': {
        const profile = profilePatch(form, a.member.profile, siteLanguages(a.site));
        await patchMyMember(deps, flowScope, { profile });
        const again = await accountContext(scope, request, reply, a.s.id);
        if ('answer' in again) return again.answer;
        return show(scope, request, reply, again, {
          notice: { form: 'profile', text: again.lang.t.t('account.notice.saved') },
        });
      }
      case 'password': {
        const current = str('currentPassword');
        await changePassword(deps, flowScope, {
          newPassword: str('newPassword'),
          ...(current ? { currentPassword: current } : {}),
        });
        return show(scope, request, reply, a, {
          notice: { form: 'password', text: t.t('account.notice.passwordChanged') },
        });
      }
      case 'signout-all':
        return await signOutEverywhere(scope, request, reply, a);
      case 'delete':
        if (form.confirm !== 'yes')
          return show(scope, request, reply, a, { errors: { confirm: t.t('account.error.confirm') } }, 400);
        return await deleteAccount(scope, request, reply, a, str('deletePassword'));
      default:
        return show(
          scope,
          request,
          reply,
          a,
          { formError: { form: 'profile', text: t.t('error.unknownAction') } },
          400,
        );
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const passwordField = action === 'delete' ? 'deletePassword' : 'currentPassword';
    return show(scope, request, reply, a, explain(error, action, passwordField, t), error.status);
  }
}

/** Every session of the member ends, this browser's included (its cookie is cleared). */
async function signOutEverywhere(scope: Scope, request: FastifyRequest, reply: FastifyReply, a: AccountPageContext) {
  const { ctx } = scope;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await revokeMemberAccess(tx, ctx, {
      siteId: a.caller.siteId,
      memberId: a.member.id,
      reason: 'sign-out-everywhere',
      now,
    });
    await ctx.authEvents.record(
      {
        type: 'sign_out',
        outcome: 'success',
        siteId: a.caller.siteId,
        memberId: a.member.id,
        clientId: a.caller.clientId,
        ip: clientIp(request),
        detail: { via: 'account-page', everywhere: true },
      },
      tx,
    );
    await emitMemberEvent(tx, { siteId: a.caller.siteId, memberId: a.member.id, type: 'member.signed_out', now });
  });
  setCookie(ctx, reply, cookieNames(ctx).session, '', 0);
  const { t } = a.lang;
  return ended(reply, a.site, a.lang, a.back, t.t('account.signedOut.title'), t.t('account.signedOut.text'), 200);
}

/** Deletes the member (members/deletion.ts) once they confirmed and proved a fresh sign-in or their password. */
async function deleteAccount(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  a: AccountPageContext,
  currentPassword: string,
) {
  const { ctx } = scope;
  await requireRecentAuthentication(ctx, a.caller, {
    currentPassword: currentPassword || undefined,
    member: a.member,
    ip: clientIp(request),
  });
  await ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, a.caller.siteId, a.member.id, true);
    if (member) await deleteMember(tx, member, memberIdentity(member.id), ctx.now());
  });
  await ctx.authEvents.record({
    // The member's own deletion ends their sign-in; the webhook `member.deleted` says the rest.
    type: 'sign_out',
    outcome: 'success',
    siteId: a.caller.siteId,
    memberId: a.member.id,
    clientId: a.caller.clientId,
    ip: clientIp(request),
    detail: { via: 'account-page', accountDeleted: true },
  });
  setCookie(ctx, reply, cookieNames(ctx).session, '', 0);
  const { t } = a.lang;
  return ended(reply, a.site, a.lang, a.back, t.t('account.deleted.title'), t.t('account.deleted.text'), 200);
}
