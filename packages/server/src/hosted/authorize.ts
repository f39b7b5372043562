import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { ApiError, ValidationError } from '../http/errors.js';
import { login, register, resendVerification, verifyDuringAuthentication } from '../identity/auth.js';
import type { IdentityDeps, StateResponse } from '../identity/common.js';
import { sendRecoveryEmail } from '../identity/recovery.js';
import { consumeSessionToken } from '../identity/session-tokens.js';
import {
  completeRedirectSession, findBrowserMember, findRedirectSession, insertBrowserSession, isLive, issueCode, type RedirectSession,
} from '../oauth/redirect-store.js';
import { endSession } from '../oauth/session-end.js';
import { lastUseIsStale, touchSession } from '../oauth/sessions.js';
import { requestOrigin } from '../security/auth-events.js';
import { addCookie, cookieHeader, cookieNames, csrfFor, ensureCsrfCookie, isGenuinePost, readCookies } from './cookies.js';
import { formActionSources, newNonce, page, pageHeaders, scriptJson } from './layout.js';
import { entryOf, invalidLink, messagePage, redirectToContinuation, type Scope } from './pages.js';
import { ALTCHA_SCRIPT, renderForm, viewTitle, type FormState, type View } from './views.js';
import { ssoButtons } from '../identity/sso/buttons.js';
import { verifyFactor } from '../identity/mfa/verify.js';
import { deviceTokenOf, rememberDevice, secondStepState, verifyBody } from './mfa-step.js';

/**
 * The member of this browser's sign-in cookie for the site, if its session is live and not idle. A use
 * is recorded (at most hourly); an idle session is ended here, so its tokens stop working too (F-12).
 */
async function browserMember(ctx: AppContext, request: FastifyRequest, site: SiteConfig, now: number): Promise<{ memberId: string } | undefined> {
  const browser = await findBrowserMember(ctx.db, site.id, readCookies(request)[cookieNames(ctx).session], now);
  if (!browser) return undefined;
  if (browser.lastUsedAt.getTime() <= ctx.tokens.idleSince(site).getTime()) {
    await ctx.db.transaction((tx) => endSession(ctx.authEvents, tx, { siteId: site.id, sessionId: browser.sessionId, reason: 'idle', ...requestOrigin(request) }));
    return undefined;
  }
  if (lastUseIsStale(browser.lastUsedAt, now)) await touchSession(ctx.db, site.id, browser.sessionId, now);
  return browser;
}

/** The answer of an authorization request, in its response mode: a redirect or a web_message page. */
function answer(ctx: AppContext, reply: FastifyReply, s: RedirectSession, client: ClientConfig, params: Record<string, string>): FastifyReply | string {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  // RFC 9207: every authorization response names its issuer (the access tokens' `iss`), success or error.
  const data = { ...params, state: s.state ?? '', iss: ctx.config.publicUrl };
  if (s.responseMode === 'web_message' || !s.redirectUri) {
    const nonce = newNonce();
    const origins = client.allowedOrigins;
    reply.removeHeader('x-frame-options');
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`);
    // postMessage delivers only to a parent whose origin is the target: one try per allowed origin.
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body>
<script nonce="${nonce}">(function(){var m=${scriptJson(data)},o=${scriptJson(origins)};if(window.parent===window)return;for(var i=0;i<o.length;i++){try{window.parent.postMessage(m,o[i]);}catch(e){}}})();</script></body></html>`;
  }
  const query = new URLSearchParams(data).toString();
  const raw = s.responseMode === 'query' ? `${s.redirectUri}${s.redirectUri.includes('?') ? '&' : '?'}${query}` : `${s.redirectUri.split('#')[0]}#${query}`;
  // Re-serialised by the URL parser like every other Location (F-8); the URI itself was matched exactly.
  const target = URL.canParse(raw) ? new URL(raw).href : undefined;
  if (!target) return invalidLink(reply, ctx);
  return reply.code(302).header('location', target).send();
}

/** Member known: spend the redirect session and issue a code (auth) or go on (login intent). Also ends the SSO flows (identity/sso). */
export async function finish(scope: Scope, reply: FastifyReply, s: RedirectSession, memberId: string, visitorId: string | null): Promise<FastifyReply | string> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s);
  if (!entry) return invalidLink(reply, ctx);
  const now = ctx.now();
  const code = await ctx.db.transaction(async (tx) => {
    if (!(await completeRedirectSession(tx, s.id, now))) return undefined;
    if (s.intent !== 'auth') return '';
    return issueCode(tx, { siteId: s.siteId, clientId: s.clientId, redirectUri: s.redirectUri, codeChallenge: s.codeChallenge!, memberId, visitorId }, now);
  });
  if (code === undefined) return expired(scope, reply, s);
  if (s.intent === 'auth') return answer(ctx, reply, s, entry.client, { code });
  return redirectToContinuation(ctx, reply, entry.client, s.postFlowUrl) ?? messagePage(reply, entry.site.name, 'Signed in', 'You are signed in. You can close this page and return to the shop.');
}

function expired(scope: Scope, reply: FastifyReply, s: RedirectSession): FastifyReply | string {
  const entry = entryOf(scope.ctx, s);
  if (!entry) return invalidLink(reply, scope.ctx);
  if (s.intent === 'auth') {
    return answer(scope.ctx, reply, s, entry.client, { error: 'invalid_request', error_description: 'the sign-in request has expired or was already used' });
  }
  return messagePage(reply, entry.site.name, 'Link expired', 'This link has expired or was already used. Go back to the shop and try again.', 400);
}

function renderView(scope: Scope, request: FastifyRequest, reply: FastifyReply, s: RedirectSession, view: View, state: Partial<FormState> = {}, status = 200): string {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  const cookie = ensureCsrfCookie(ctx, request, reply);
  const nonce = newNonce();
  pageHeaders(reply, nonce, { formAction: formActionSources([s.redirectUri, s.postFlowUrl]) });
  reply.code(status);
  const altcha = entry.site.policies.captcha === 'altcha' && view !== 'verify' && view !== 'mfa';
  const providers = view === 'signin' || view === 'register' ? ssoButtons(ctx, entry.site, s.id) : [];
  const form = renderForm(view, { sessionId: s.id, csrf: csrfFor(ctx, cookie, s.id), altcha, providers, ...state });
  return page(nonce, entry.site.name, viewTitle(view), form, altcha ? ALTCHA_SCRIPT : '');
}

/** GET /oauth2/authorize?redirectSessionId=…[&view=register|forgot] */
export async function authorizePage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  // Link checkers and prefetchers send HEAD: it must not spend the session or issue a code.
  if (request.method === 'HEAD') return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const s = await findRedirectSession(ctx.db, query.redirectSessionId);
  if (!s || s.intent === 'logout' || !entryOf(ctx, s)) return invalidLink(reply, ctx);
  const now = ctx.now();
  if (!isLive(s, now)) return expired(scope, reply, s);
  if (s.memberId) return finish(scope, reply, s, s.memberId, s.visitorId);
  const browser = await browserMember(ctx, request, entryOf(ctx, s)!.site, now);
  if (browser) return finish(scope, reply, s, browser.memberId, s.visitorId);
  if (s.intent === 'auth' && s.prompt === 'none') {
    const spent = await ctx.db.transaction((tx) => completeRedirectSession(tx, s.id, now));
    if (!spent) return expired(scope, reply, s);
    return answer(ctx, reply, s, entryOf(ctx, s)!.client, { error: 'login_required', error_description: 'the member is not signed in' });
  }
  const view = query.view === 'register' || query.view === 'forgot' ? query.view : 'signin';
  return renderView(scope, request, reply, s, view);
}

/** Calls an identity flow as if its JSON endpoint had been called by the visitor of this redirect session. */
async function callIdentity<T>(
  scope: Scope,
  request: FastifyRequest,
  s: RedirectSession,
  flow: (deps: IdentityDeps, request: FastifyRequest) => Promise<T>,
  body: Record<string, unknown>,
): Promise<T> {
  const entry = entryOf(scope.ctx, s)!;
  const visitorToken = scope.ctx.tokens.issueVisitor(entry.site, entry.client, s.visitorId ?? randomUUID()).access_token;
  const headers = { ...request.headers, authorization: visitorToken };
  const proxy = Object.create(request, { body: { value: body }, headers: { value: headers } }) as FastifyRequest;
  return flow(scope.deps, proxy);
}

const text = (form: Record<string, unknown>, name: string, max = 1024): string => {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/** Field errors from an identity error, worded for people; never whether an account exists. */
function explain(error: ApiError): Partial<FormState> {
  if (error instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const v of error.violations) {
      const name = v.field.endsWith('email') ? 'email' : v.field.includes('password') ? 'password' : v.field === 'code' ? 'code' : undefined;
      if (name && !errors[name]) errors[name] = name === 'email' ? 'Enter a valid email address.' : name === 'code' ? 'Enter the 6-digit code from the email.' : `Password ${v.description}.`;
    }
    return Object.keys(errors).length ? { errors } : { formError: error.message };
  }
  const code = (error as { code?: string }).code;
  switch (code) {
    case '-19976':
      return { formError: 'Email or password is incorrect.', errors: { password: 'Check your email and password and try again.' } };
    case '-19973':
      return { formError: 'This account needs a new password. Use “Forgot your password?” to set one.' };
    case '-19995':
      return { errors: { email: 'An account with this email already exists. Sign in instead.' } };
    case '-19971':
      return { formError: 'Please complete the captcha check (it needs JavaScript) and try again.' };
    case '-19970':
      return { formError: 'The captcha check failed. Please try again.' };
    case 'INVALID_EMAIL':
      return { errors: { email: 'Enter a valid email address.' } };
    default:
      return { formError: error.message };
  }
}

/** The page after an identity step of this redirect session (also the end of a provider sign-in, identity/sso). */
export async function afterState(scope: Scope, request: FastifyRequest, reply: FastifyReply, s: RedirectSession, result: StateResponse, email: string): Promise<unknown> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s)!;
  if (result.state === 'REQUIRE_EMAIL_VERIFICATION') return renderView(scope, request, reply, s, 'verify', { stateToken: result.stateToken ?? '', email });
  if (result.state === 'REQUIRE_OWNER_APPROVAL') {
    return messagePage(reply, entry.site.name, 'Waiting for approval', 'Your account is waiting for the shop owner’s approval. You will be able to sign in once it is approved.');
  }
  if (result.state === 'REQUIRE_MFA' || result.state === 'MFA_CHALLENGE') {
    const sendEmailCode = (stateToken: string) => callIdentity(scope, request, s, (deps, r) => verifyFactor(deps, r, 'EMAIL'), { stateToken });
    return renderView(scope, request, reply, s, 'mfa', await secondStepState(result, sendEmailCode));
  }
  rememberDevice(ctx, reply, result);
  const now = ctx.now();
  const signedIn = await ctx.db.transaction(async (tx) => {
    const spent = await consumeSessionToken(tx, s.siteId, result.sessionToken, now);
    if (!spent) return undefined;
    // The hosted pages' own session: a member session of its own, so every revocation path ends it too.
    const session = await ctx.tokens.createMemberSession(tx, { siteId: s.siteId, clientId: s.clientId, memberId: spent.memberId });
    const cookie = await insertBrowserSession(tx, { siteId: s.siteId, memberId: spent.memberId, sessionId: session.sessionId, ttlSeconds: entry.site.tokens.memberSessionTtl }, now);
    return { ...spent, cookie };
  });
  if (!signedIn) return renderView(scope, request, reply, s, 'signin', { formError: 'Sign-in could not be completed. Please try again.' }, 400);
  addCookie(reply, cookieHeader(ctx, cookieNames(ctx).session, signedIn.cookie, entry.site.tokens.memberSessionTtl));
  return finish(scope, reply, s, signedIn.memberId, s.visitorId ?? signedIn.visitorId);
}

/** POST /oauth2/authorize — the hosted forms (sign in, create account, verify, resend, forgot). */
export async function authorizeSubmit(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  const form = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const s = await findRedirectSession(ctx.db, form.redirectSessionId);
  if (!s || s.intent === 'logout' || !entryOf(ctx, s)) return invalidLink(reply, ctx);
  if (!isLive(s, ctx.now())) return expired(scope, reply, s);
  const action = text(form, 'action', 20);
  const view: View = action === 'mfa' ? 'mfa' : action === 'register' ? 'register' : action === 'forgot' ? 'forgot' : action === 'verify' || action === 'resend' ? 'verify' : 'signin';
  const email = text(form, 'email', 254).trim();
  const stateToken = text(form, 'stateToken', 200);
  if (!isGenuinePost(ctx, request, text(form, 'csrf', 100), s.id)) {
    return renderView(scope, request, reply, s, view, { formError: 'Your session on this page expired. Please submit the form again.', email, stateToken }, 403);
  }
  const captchaTokens = text(form, 'altcha', 8192) ? [{ Altcha: text(form, 'altcha', 8192) }] : undefined;
  try {
    switch (action) {
      case 'signin': {
        const clientMetaData = { deviceToken: deviceTokenOf(ctx, request) };
        const result = await callIdentity(scope, request, s, login, { loginId: { email }, password: text(form, 'password', 4096), captchaTokens, clientMetaData });
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'register': {
        const result = await callIdentity(scope, request, s, register, { loginId: { email }, password: text(form, 'password', 4096), captchaTokens });
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'verify': {
        const result = await callIdentity(scope, request, s, verifyDuringAuthentication, { code: text(form, 'code', 12).trim(), stateToken });
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'mfa': {
        const result = await callIdentity(scope, request, s, verifyFactor, verifyBody(form));
        return await afterState(scope, request, reply, s, result, email);
      }
      case 'resend':
        await callIdentity(scope, request, s, resendVerification, { stateToken });
        return renderView(scope, request, reply, s, 'verify', { stateToken, email, notice: 'We sent you a new code.' });
      case 'forgot': {
        const entry = entryOf(ctx, s)!;
        const back = s.redirectUri ?? s.postFlowUrl;
        const redirect = back && ctx.sites.isAllowedRedirect(entry.client, back) ? { url: back, clientId: s.clientId } : undefined;
        await callIdentity(scope, request, s, sendRecoveryEmail, { email, ...(redirect ? { redirect } : {}) });
        // The same answer whether or not the address has an account.
        return renderView(scope, request, reply, s, 'signin', { notice: 'If an account exists for that address, we sent it a link to choose a new password.', email });
      }
      default:
        return renderView(scope, request, reply, s, 'signin', { formError: 'Unknown action.' }, 400);
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.headers['retry-after']) reply.header('retry-after', error.headers['retry-after']);
    // A second step that cannot go on (expired, used, out of attempts) starts over at sign-in.
    return renderView(scope, request, reply, s, view === 'mfa' ? 'signin' : view, { ...explain(error), email, stateToken }, error.status);
  }
}
