import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/wire.js';
import {
  login,
  register,
  resendVerification,
  verifyDuringAuthentication,
  type IdentityDeps,
  type StateResponse,
  type FlowScope,
  sendRecoveryEmail,
  verifyFactor,
  parseFactorType,
} from '../identity/index.js';
import { consumeSessionToken } from '../sessions/session-tokens.js';
import { completeRedirectSession, findRedirectSession, isLive, type RedirectSession } from '../oauth/redirect-store.js';
import { browserMember, replaceBrowserSession } from './browser-session.js';
import { accountChooser, accountOf, browserSessionUse } from './account-chooser.js';
import { cookieNames, isGenuinePost, setCookie } from '../http/cookies.js';
import { entryOf, invalidLink, messagePage, type Scope } from './pages.js';
import { type View } from './views.js';
import { askPhoneCode, deviceTokenOf, phoneSendOf, rememberDevice, secondStepState, verifyBody } from './mfa-step.js';
import { passkeyData, passkeyOptions, refusedPasskey } from './passkey-step.js';
import { openVouchedAccount, vouchedSessionLive } from './account/open.js';
import { pageLanguage } from '../http/pages/language.js';
import { pageForm, pageQuery } from '../http/pages/input.js';
import { answer, expired, finish, languageOf } from './authorization-response.js';
import { renderView } from './render-view.js';
import { explain } from './form-errors.js';
import { pushStatus } from './push-step.js';
import { callFlow, text } from './page-flow.js';

/** GET /oauth2/authorize?redirectSessionId=…[&view=register|forgot] */
export async function authorizePage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  // Link checkers and prefetchers send HEAD: it must not spend the session or issue a code.
  if (request.method === 'HEAD')
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const query = pageQuery(request);
  const s = await findRedirectSession(ctx.db, query.redirectSessionId);
  if (!s || s.intent === 'logout' || !entryOf(ctx, s)) return invalidLink(reply, ctx, request);
  const now = ctx.now();
  if (!isLive(s, now)) return expired(scope, reply, s, request);
  if (s.account && s.memberId) {
    if (await vouchedSessionLive(ctx, s)) return openVouchedAccount(scope, request, reply, s);
    // The token's session ended since the link was made: the sign-in page, as for a visitor.
  } else if (s.memberId) return finish(scope, reply, s, s.memberId, s.visitorId, request);
  const formAsked = query.view === 'signin' || query.view === 'register' || query.view === 'forgot';
  const use = browserSessionUse(s, formAsked);
  const browser = use === 'ignore' ? undefined : await browserMember(ctx, request, entryOf(ctx, s)!.site, now);
  if (browser && use === 'use') return finish(scope, reply, s, browser.memberId, s.visitorId, request);
  const account = browser && (await accountOf(ctx, s.siteId, browser.memberId));
  if (account) return accountChooser(scope, request, reply, s, account);
  if (s.intent === 'auth' && s.prompt === 'none') {
    const spent = await ctx.db.transaction((tx) => completeRedirectSession(tx, s.id, now));
    if (!spent) return expired(scope, reply, s, request);
    return answer(
      ctx,
      reply,
      s,
      entryOf(ctx, s)!.client,
      { error: 'login_required', error_description: 'the member is not signed in' },
      pageLanguage(entryOf(ctx, s)!.site, request).t,
    );
  }
  const view = query.view === 'register' || query.view === 'forgot' ? query.view : 'signin';
  return renderView(scope, request, reply, s, view);
}

/** The page after an identity step of this redirect session (also the end of a provider sign-in, identity/sso). */
export async function afterState(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  result: StateResponse,
  email: string,
): Promise<unknown> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  const lang = languageOf(entry.site, request);
  if (result.state === 'REQUIRE_EMAIL_VERIFICATION')
    return renderView(scope, request, reply, s, 'verify', { stateToken: result.stateToken ?? '', email });
  if (result.state === 'REQUIRE_OWNER_APPROVAL') {
    return messagePage(reply, entry.site, lang.t.t('page.approval.title'), lang.t.t('page.approval.text'), 200, lang);
  }
  if (result.state === 'REQUIRE_MFA' || result.state === 'MFA_CHALLENGE') {
    const sendEmailCode = (stateToken: string) =>
      callFlow(scope, request, s, (deps, fs) => verifyFactor(deps, fs, { stateToken }, 'EMAIL'));
    return renderView(scope, request, reply, s, 'mfa', await secondStepState(result, sendEmailCode, lang.t));
  }
  rememberDevice(ctx, reply, result);
  const now = ctx.now();
  const signedIn = await ctx.db.transaction(async (tx) => {
    const spent = await consumeSessionToken(tx, s.siteId, result.sessionToken, now);
    if (!spent) return undefined;
    const cookie = await replaceBrowserSession(
      ctx,
      tx,
      request,
      {
        siteId: s.siteId,
        clientId: s.clientId,
        memberId: spent.memberId,
        ttlSeconds: entry.site.tokens.memberSessionTtl,
      },
      now,
    );
    return { ...spent, cookie };
  });
  if (!signedIn)
    return renderView(scope, request, reply, s, 'signin', { formError: lang.t.t('error.signInIncomplete') }, 400);
  setCookie(ctx, reply, cookieNames(ctx).session, signedIn.cookie, entry.site.tokens.memberSessionTtl);
  return finish(scope, reply, s, signedIn.memberId, s.visitorId ?? signedIn.visitorId, request);
}

/**
 * "Continue as …" of the account chooser (account-chooser.ts): the browser's session signs in, only when
 * the request's prompt shows the chooser and the session is still the member the page showed.
 */
async function continueAs(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  shownMemberId: string,
): Promise<unknown> {
  const { ctx } = scope;
  const choosing = browserSessionUse(s, false) === 'choose';
  const browser = choosing ? await browserMember(ctx, request, entryOf(ctx, s)!.site, ctx.now()) : undefined;
  if (browser && browser.memberId === shownMemberId)
    return finish(scope, reply, s, browser.memberId, s.visitorId, request);
  // Someone else signed in meanwhile: show who; no session left (or no chooser for this prompt): the form.
  const account = browser && (await accountOf(ctx, s.siteId, browser.memberId));
  if (account) return accountChooser(scope, request, reply, s, account);
  return renderView(scope, request, reply, s, 'signin');
}

/** POST /oauth2/authorize — the hosted forms (sign in, create account, verify, resend, forgot). */
export async function authorizeSubmit(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  const form = pageForm(request);
  const s = await findRedirectSession(ctx.db, form.redirectSessionId);
  if (!s || s.intent === 'logout' || !entryOf(ctx, s)) return invalidLink(reply, ctx, request);
  if (!isLive(s, ctx.now())) return expired(scope, reply, s, request);
  const { t } = pageLanguage(entryOf(ctx, s)!.site, request);
  const action = text(form, 'action', 20);
  const view: View =
    action === 'mfa'
      ? 'mfa'
      : action === 'register'
        ? 'register'
        : action === 'forgot'
          ? 'forgot'
          : action === 'verify' || action === 'resend'
            ? 'verify'
            : 'signin';
  const email = text(form, 'email', 254).trim();
  const stateToken = text(form, 'stateToken', 200);
  if (!isGenuinePost(ctx, request, text(form, 'csrf', 100), s.id)) {
    return renderView(
      scope,
      request,
      reply,
      s,
      view,
      { formError: t.t('error.sessionExpired'), email, stateToken },
      403,
    );
  }
  if (action === 'continue') return continueAs(scope, request, reply, s, text(form, 'account', 64));
  const captchaTokens = text(form, 'altcha', 8192) ? [{ Altcha: text(form, 'altcha', 8192) }] : undefined;
  try {
    switch (action) {
      case 'signin': {
        const clientMetaData = { deviceToken: deviceTokenOf(ctx, request) };
        const result = await callFlow(scope, request, s, (deps, fs) =>
          login(deps, fs, {
            loginId: { email },
            password: text(form, 'password', 4096),
            captchaTokens,
            clientMetaData,
          }),
        );
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'register': {
        const result = await callFlow(scope, request, s, (deps, fs) =>
          register(deps, fs, { loginId: { email }, password: text(form, 'password', 4096), captchaTokens }),
        );
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'verify': {
        const result = await callFlow(scope, request, s, (deps, fs) =>
          verifyDuringAuthentication(deps, fs, { code: text(form, 'code', 12).trim(), stateToken }),
        );
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'mfa': {
        const send = phoneSendOf(form);
        if (send) {
          const asked = await askPhoneCode(
            ctx,
            entryOf(ctx, s)!.site,
            stateToken,
            () => callFlow(scope, request, s, (deps, fs) => verifyFactor(deps, fs, { stateToken }, send)),
            t,
          );
          return renderView(scope, request, reply, s, 'mfa', asked.state, asked.status);
        }
        const answer = verifyBody(form);
        const result = await callFlow(scope, request, s, (deps, fs) =>
          verifyFactor(deps, fs, answer, parseFactorType(answer.factorType)),
        ).catch((error: unknown) => refusedPasskey(answer, error));
        // A passkey answer the step refused: the same step again (its state token still holds) to retry.
        if (answer.factorType === 'WEBAUTHN' && (!result || result.additionalData.failure)) {
          const again = await callFlow(scope, request, s, (deps, fs) =>
            verifyFactor(deps, fs, { stateToken }, 'WEBAUTHN'),
          );
          return renderView(
            scope,
            request,
            reply,
            s,
            'mfa',
            { ...(await secondStepState(again, async () => again, t)), formError: t.t('error.passkeyFailed') },
            400,
          );
        }
        // A wrong phone code: the same phone form again (REQUIRE_MFA does not say which factor was tried); a wrong
        // recovery code: the error under the recovery field, whose form stays open.
        const retried = answer.factorType;
        if (
          result?.state === 'REQUIRE_MFA' &&
          (retried === 'SMS' || retried === 'CALL' || retried === 'RECOVERY_CODE')
        ) {
          const again = await secondStepState(result, async () => result, t, retried);
          return renderView(scope, request, reply, s, 'mfa', {
            ...again,
            ...(retried === 'RECOVERY_CODE' ? {} : { mfa: { ...again.mfa!, hint: text(form, 'hint', 40) } }),
          });
        }
        return await afterState(scope, request, reply, s, result!, email);
      }
      case 'push-status':
        // Polled by the waiting page's script (push-step.ts): JSON, not a page.
        return reply
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify(await pushStatus(ctx, entryOf(ctx, s)!.site, stateToken, text(form, 'transactionId', 40))),
          );
      case 'passkey-options': {
        // Fetched by the page's script (passkey-step.ts): JSON, not a page.
        const call = <T>(flow: (deps: IdentityDeps, fs: FlowScope) => Promise<T>) => callFlow(scope, request, s, flow);
        // Serialised here: the hosted routes answer HTML strings, so nothing serialises an object for them.
        return reply
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(await passkeyOptions(call, stateToken)));
      }
      case 'passkey': {
        const result = await callFlow(scope, request, s, (deps, fs) =>
          verifyFactor(deps, fs, { webauthnData: passkeyData(form) }, 'WEBAUTHN'),
        );
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'resend':
        await callFlow(scope, request, s, (deps, fs) => resendVerification(deps, fs, { stateToken }));
        return renderView(scope, request, reply, s, 'verify', { stateToken, email, notice: t.t('notice.newCodeSent') });
      case 'forgot': {
        const entry = entryOf(ctx, s)!;
        const back = s.redirectUri ?? s.postFlowUrl;
        const redirect =
          back && ctx.sites.isAllowedRedirect(entry.client, back) ? { url: back, clientId: s.clientId } : undefined;
        await callFlow(scope, request, s, (deps, fs) =>
          sendRecoveryEmail(deps, fs, { email, ...(redirect ? { redirect } : {}) }),
        );
        // The same answer whether or not the address has an account.
        return renderView(scope, request, reply, s, 'signin', { notice: t.t('notice.resetLinkSent'), email });
      }
      default:
        return renderView(scope, request, reply, s, 'signin', { formError: t.t('error.unknownAction') }, 400);
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.headers['retry-after']) reply.header('retry-after', error.headers['retry-after']);
    // A second step that cannot go on (expired, used, out of attempts) starts over at sign-in.
    return renderView(
      scope,
      request,
      reply,
      s,
      view === 'mfa' ? 'signin' : view,
      { ...explain(error, t), email, stateToken },
      error.status,
    );
  }
}
