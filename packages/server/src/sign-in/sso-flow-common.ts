import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { setCookie } from '../http/cookies.js';
import { findRedirectSession, isLive, type RedirectSession } from '../oauth/redirect-store.js';
import { ssoErrorPage } from './sso-pages.js';

/**
 * What the browser legs of a provider sign-in share (sso-browser-flow.ts out to the provider,
 * sso-callback.ts back from it, session-token-callback.ts for a session token got elsewhere).
 */

/** A query or form value as a string of 1..max characters, else undefined. */
export const str = (value: unknown, max = 2048): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

const isHttps = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https:');

/** The cookie that binds a sign-in to the browser that started it (`__Host-` under https). */
export const flowCookie = (ctx: AppContext) => `${isHttps(ctx) ? '__Host-' : ''}vitrine_sso_flow`;

/**
 * Under https the provider may come back with a cross-site form post (Apple), which carries only a
 * SameSite=None cookie; the cookie is useless without the state of the same sign-in, so that is safe.
 */
export function setFlowCookie(ctx: AppContext, reply: FastifyReply, value: string, maxAge: number): void {
  setCookie(ctx, reply, flowCookie(ctx), value, maxAge, isHttps(ctx) ? 'none' : 'lax');
}

/** The redirect session a provider sign-in belongs to, when the id names one. */
export const sessionOf = async (ctx: AppContext, id: unknown) => (id ? findRedirectSession(ctx.db, id) : undefined);

/** A redirect session a provider sign-in may still end: this site's, a sign-in intent, unused and live. */
export const usable = (ctx: AppContext, s: RedirectSession | undefined, siteId: string): s is RedirectSession =>
  !!s &&
  s.siteId === siteId &&
  (s.intent === 'auth' || s.intent === 'login') &&
  s.usedAt === null &&
  isLive(s, ctx.now());

/** The page when the provider cannot be reached: the shop is fine, the provider is not. */
export function unavailable(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  session: RedirectSession | undefined,
): string {
  return ssoErrorPage(ctx, reply, request, {
    status: 503,
    session,
    title: 'sso.unavailable.title',
    text: 'sso.unavailable.text',
    values: { provider: name },
  });
}
