import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { ApiError, ApplicationError, ValidationError } from '../http/errors.js';
import { ERRORS } from '../errors/catalogue.js';
import { login } from '../identity/flows/login.js';
import { register } from '../identity/flows/register.js';
import { resendVerification, verifyDuringAuthentication } from '../identity/flows/verify-email.js';
import type { IdentityDeps, StateResponse } from '../identity/common.js';
import type { FlowScope } from '../identity/flow.js';
import { sendRecoveryEmail } from '../identity/flows/recover.js';
import { consumeSessionToken } from '../identity/session-tokens.js';
import {
  completeRedirectSession,
  findRedirectSession,
  isLive,
  issueCode,
  type RedirectSession,
} from './redirect-store.js';
import { browserMember, replaceBrowserSession } from './browser-session.js';
import { accountChooser, accountOf, browserSessionUse } from './account-chooser.js';
import { cookieNames, csrfFor, ensureCsrfCookie, isGenuinePost, setCookie } from '../http/cookies.js';
import { html, unsafeRawHtml } from '../http/html.js';
import { formActionSources, newNonce, page, pageHeaders, scriptJson } from '../http/pages/layout.js';
import { entryOf, invalidLink, messagePage, redirectToContinuation, type Scope } from './pages.js';
import { ALTCHA_SCRIPT, renderForm, viewTitle, type FormState, type View } from './views.js';
import { ssoButtons } from '../identity/sso/buttons.js';
import { verifyFactor } from '../identity/mfa/verify.js';
import { askPhoneCode, deviceTokenOf, phoneSendOf, rememberDevice, secondStepState, verifyBody } from './mfa-step.js';
import { passkeyData, passkeyOptions, passkeyScript, refusedPasskey } from './passkey-step.js';
import { allowedFactors, mfaMode, parseFactorType } from '../identity/mfa/policy.js';
import { clientIp } from '../security/client-ip.js';

/** Passkeys as a first factor: offered while the site takes passkeys at all. */
const passkeysOffered = (site: SiteConfig) => mfaMode(site) !== 'off' && allowedFactors(site).includes('WEBAUTHN');
import { translator, withRequestLanguage, type MessageKey, type Translator } from '../i18n/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../security/passwords.js';
import { pageLanguage, type PageLanguage } from '../http/pages/language.js';
import { pageForm, pageQuery } from '../http/pages/input.js';

/** The answer of an authorization request, in its response mode: a redirect or a web_message page. */
function answer(
  ctx: AppContext,
  reply: FastifyReply,
  s: RedirectSession,
  client: ClientConfig,
  params: Record<string, string>,
  t: Translator = translator('en'),
): FastifyReply | string {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  // RFC 9207: every authorization response names its issuer (the access tokens' `iss`), success or error.
  const data = { ...params, state: s.state ?? '', iss: ctx.config.publicUrl };
  if (s.responseMode === 'web_message' || !s.redirectUri) {
    const nonce = newNonce();
    const origins = client.allowedOrigins;
    reply.removeHeader('x-frame-options');
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`,
      );
    // postMessage delivers only to a parent whose origin is the target: one try per allowed origin.
    // The script is raw text (not HTML): its only values come through scriptJson, safe inside a script element.
    const script = `(function(){var m=${scriptJson(data)},o=${scriptJson(origins)};if(window.parent===window)return;for(var i=0;i<o.length;i++){try{window.parent.postMessage(m,o[i]);}catch(e){}}})();`;
    return html`<!doctype html><html lang="${t.language}" dir="${t.dir}"><head><meta charset="utf-8"><title>${t.t('page.signingIn.title')}</title></head><body>
<script nonce="${nonce}">${unsafeRawHtml(script)}</script></body></html>`.toString();
  }
  const query = new URLSearchParams(data).toString();
  const raw =
    s.responseMode === 'query'
      ? `${s.redirectUri}${s.redirectUri.includes('?') ? '&' : '?'}${query}`
      : `${s.redirectUri.split('#')[0]}#${query}`;
  // Re-serialised by the URL parser like every other Location (F-8); the URI itself was matched exactly.
  const target = URL.canParse(raw) ? new URL(raw).href : undefined;
  if (!target) return invalidLink(reply, ctx);
  return reply.code(302).header('location', target).send();
}

/** Member known: spend the redirect session and issue a code (auth) or go on (login intent). Also ends the SSO flows (identity/sso). */
export async function finish(
  scope: Scope,
  reply: FastifyReply,
  s: RedirectSession,
  memberId: string,
  visitorId: string | null,
  request?: FastifyRequest,
): Promise<FastifyReply | string> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s);
  if (!entry) return invalidLink(reply, ctx, request);
  const lang = languageOf(entry.site, request);
  const now = ctx.now();
  const code = await ctx.db.transaction(async (tx) => {
    if (!(await completeRedirectSession(tx, s.id, now))) return undefined;
    if (s.intent !== 'auth') return '';
    return issueCode(
      tx,
      {
        siteId: s.siteId,
        clientId: s.clientId,
        redirectUri: s.redirectUri,
        codeChallenge: s.codeChallenge!,
        memberId,
        visitorId,
      },
      now,
    );
  });
  if (code === undefined) return expired(scope, reply, s, request);
  if (s.intent === 'auth') return answer(ctx, reply, s, entry.client, { code }, lang.t);
  return (
    redirectToContinuation(ctx, reply, entry.client, s.postFlowUrl) ??
    messagePage(reply, entry.site.name, lang.t.t('page.signedIn.title'), lang.t.t('page.signedIn.text'), 200, lang)
  );
}

/** The page's language when the request is known, else the site's default (a provider's callback ends here too). */
const languageOf = (site: SiteConfig, request: FastifyRequest | undefined): PageLanguage =>
  request ? pageLanguage(site, request) : { t: translator(site.languages?.[0] ?? 'en'), explicit: undefined };

function expired(
  scope: Scope,
  reply: FastifyReply,
  s: RedirectSession,
  request?: FastifyRequest,
): FastifyReply | string {
  const entry = entryOf(scope.ctx, s);
  if (!entry) return invalidLink(reply, scope.ctx, request);
  const lang = languageOf(entry.site, request);
  if (s.intent === 'auth') {
    return answer(scope.ctx, reply, s, entry.client, {
      error: 'invalid_request',
      error_description: 'the sign-in request has expired or was already used',
    });
  }
  return messagePage(reply, entry.site.name, lang.t.t('page.expired.title'), lang.t.t('page.expired.text'), 400, lang);
}

function renderView(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  view: View,
  state: Partial<FormState> = {},
  status = 200,
): string {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  const cookie = ensureCsrfCookie(ctx, request, reply);
  const nonce = newNonce();
  pageHeaders(reply, nonce, { formAction: formActionSources([s.redirectUri, s.postFlowUrl]) });
  reply.code(status);
  const lang = pageLanguage(entry.site, request);
  const altcha = entry.site.policies.captcha === 'altcha' && view !== 'verify' && view !== 'mfa';
  const providers = view === 'signin' || view === 'register' ? ssoButtons(ctx, entry.site, s.id) : [];
  const passkey = view === 'signin' && passkeysOffered(entry.site);
  const form = renderForm(view, {
    sessionId: s.id,
    csrf: csrfFor(ctx, cookie, s.id),
    altcha,
    providers,
    passkey,
    ...state,
    lang,
  });
  const scripts = [
    altcha ? ALTCHA_SCRIPT : '',
    passkey || (view === 'mfa' && state.mfa?.passkey) ? passkeyScript() : '',
  ]
    .filter(Boolean)
    .join('\n');
  return page(nonce, entry.site.name, viewTitle(view, lang), form, scripts, lang.t);
}

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
  if (s.memberId) return finish(scope, reply, s, s.memberId, s.visitorId, request);
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

/**
 * Runs an identity flow (identity/) for this redirect session: the same function its JSON endpoint calls,
 * in the scope of the session's site and visitor (a new visitor when the session has none), from this
 * page's address. Mails the flow writes (verification codes, reset links) are in this page's language.
 */
function callFlow<T>(
  scope: Scope,
  request: FastifyRequest,
  s: RedirectSession,
  flow: (deps: IdentityDeps, flowScope: FlowScope) => Promise<T>,
): Promise<T> {
  const { site, client } = entryOf(scope.ctx, s)!;
  const visitorId = s.visitorId ?? randomUUID();
  const flowScope: FlowScope = {
    site,
    caller: { kind: 'visitor', siteId: site.id, clientId: client.clientId, visitorId },
    visitorId,
    ip: clientIp(request),
  };
  return withRequestLanguage(pageLanguage(site, request).t.language, () => flow(scope.deps, flowScope));
}

const text = (form: Record<string, unknown>, name: string, max = 1024): string => {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
};

const PASSWORD_RULES: Record<string, MessageKey> = {
  REQUIRED: 'error.passwordRequired',
  VALUE_TOO_SHORT: 'error.passwordTooShortLong',
  VALUE_TOO_LONG: 'error.passwordTooLong',
  COMMON_PASSWORD: 'error.passwordCommon',
  CONTEXT_PASSWORD: 'error.passwordContext',
};

/** Application error codes → the page's words (the API's own messages are English and for developers). */
const CODE_MESSAGES: Record<string, MessageKey> = {
  [ERRORS.PASSWORD_RESET_REQUIRED.code]: 'error.passwordResetRequired',
  [ERRORS.CAPTCHA_REQUIRED.code]: 'error.captchaNeeded',
  [ERRORS.CAPTCHA_INVALID.code]: 'error.captchaFailed',
  [ERRORS.INVALID_STATE_TOKEN.code]: 'error.stepExpired',
  [ERRORS.MEMBER_BLOCKED.code]: 'error.memberBlocked',
  [ERRORS.MEMBER_PENDING_APPROVAL.code]: 'page.approval.text',
  [ERRORS.WEBAUTHN_FAILED.code]: 'error.passkeyFailed',
};

/** Field errors from an identity error, worded for people in the page's language; never whether an account exists. */
function explain(error: ApiError, t: Translator): Partial<FormState> {
  if (error instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const v of error.violations) {
      const name = v.field.endsWith('email')
        ? 'email'
        : v.field.includes('password')
          ? 'password'
          : v.field === 'code'
            ? 'code'
            : undefined;
      if (!name || errors[name]) continue;
      if (name === 'email')
        errors.email =
          v.ruleName === ERRORS.EMAIL_NEEDS_CONFIRMATION.code
            ? t.t('error.emailReadAs', { email: String(v.data.normalizedEmail) })
            : t.t('error.invalidEmail');
      else if (name === 'code') errors.code = t.t('error.codeFromEmail');
      else
        errors.password = t.t(PASSWORD_RULES[v.ruleName ?? ''] ?? 'error.passwordRequired', {
          min: Number(v.data.min) || PASSWORD_MIN_LENGTH,
          max: Number(v.data.max) || PASSWORD_MAX_LENGTH,
        });
    }
    return Object.keys(errors).length ? { errors } : { formError: t.t('error.generic') };
  }
  const code = (error as { code?: string }).code ?? '';
  if (code === ERRORS.WRONG_PASSWORD.code)
    return { formError: t.t('error.credentials'), errors: { password: t.t('error.credentialsHint') } };
  if (code === ERRORS.EMAIL_EXISTS.code) return { errors: { email: t.t('error.emailTaken') } };
  if (code === ERRORS.INVALID_EMAIL.code) return { errors: { email: t.t('error.invalidEmail') } };
  if (code === ERRORS.EMAIL_NEEDS_CONFIRMATION.code) {
    const email = String(error instanceof ApplicationError ? error.data.normalizedEmail : '');
    return { errors: { email: t.t('error.emailReadAs', { email }) } };
  }
  if (code === ERRORS.VERIFICATION_FAILED.code) return { errors: { code: t.t('error.wrongCode') } };
  // The second step locked after 100 wrong answers in a row (audit S-5): the way out is a password reset.
  if (error instanceof ApplicationError && error.data.reason === 'SECOND_FACTOR_LOCKED')
    return { formError: t.t('error.secondStepLocked') };
  if (error.status === 429) {
    const seconds = Math.max(1, Number(error.headers['retry-after']) || 60);
    return {
      formError:
        seconds >= 120
          ? t.t('error.tooManyMinutes', { minutes: Math.ceil(seconds / 60) })
          : t.t('error.tooManySeconds', { seconds }),
    };
  }
  return { formError: t.t(CODE_MESSAGES[code] ?? 'error.generic') };
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
    return messagePage(
      reply,
      entry.site.name,
      lang.t.t('page.approval.title'),
      lang.t.t('page.approval.text'),
      200,
      lang,
    );
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
        // A wrong phone code: the same phone form again (REQUIRE_MFA does not say which factor was tried).
        if (result?.state === 'REQUIRE_MFA' && (answer.factorType === 'SMS' || answer.factorType === 'CALL')) {
          const again = await secondStepState(result, async () => result, t, answer.factorType);
          return renderView(scope, request, reply, s, 'mfa', {
            ...again,
            mfa: { ...again.mfa!, hint: text(form, 'hint', 40) },
          });
        }
        return await afterState(scope, request, reply, s, result!, email);
      }
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
