import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie, parseCookie (registered in app.ts)
import type { AppContext } from '../context.js';
import { randomToken, safeEqual } from '../security/index.js';

/**
 * The hosted pages' two cookies. Under https they carry the `__Host-` prefix (Secure, Path=/, no
 * Domain: a sibling sub-domain or a plain-http man in the middle cannot set them); under http the plain
 * names, since browsers refuse a `__Host-` cookie without Secure.
 */
export interface CookieNames {
  session: string;
  csrf: string;
}

type Ctx = Pick<AppContext, 'config'>;

const isHttps = (ctx: Ctx) => ctx.config.publicUrl.startsWith('https:');

export function cookieNames(ctx: Ctx): CookieNames {
  const prefix = isHttps(ctx) ? '__Host-' : '';
  return { session: `${prefix}vitrine_sso`, csrf: `${prefix}vitrine_csrf` };
}

/**
 * The request's cookies (@fastify/cookie's parser), parsed on first use: the plugin's per-request hook
 * is off, since the token endpoint and the API never read a cookie (README.md, "Cookies").
 */
export function readCookies(request: FastifyRequest): Record<string, string | undefined> {
  return (request.cookies ??= request.server.parseCookie(request.headers.cookie ?? ''));
}

/**
 * Path=/, HttpOnly, Max-Age, Secure under https. SameSite Lax for the hosted pages (they are reached by
 * top-level navigation from the shop); Strict for the console; None (https only) for a provider's cross-site post.
 */
export const cookieOptions = (ctx: Ctx, maxAge: number, sameSite: 'lax' | 'strict' | 'none' = 'lax') =>
  ({ path: '/', httpOnly: true, sameSite, maxAge, secure: isHttps(ctx) }) as const;

/** Sets (or, with maxAge 0 and an empty value, clears) a cookie; @fastify/cookie writes Set-Cookie on send. */
export function setCookie(
  ctx: Ctx,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAge: number,
  sameSite: 'lax' | 'strict' | 'none' = 'lax',
): void {
  reply.setCookie(name, value, cookieOptions(ctx, maxAge, sameSite));
}

// ── CSRF (double submit) ────────────────────────────────────────────────────────────────────────

const CSRF_TTL_SECONDS = 3600;
const CSRF_COOKIE = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

type KeyCtx = Pick<AppContext, 'config' | 'tokens' | 'now'>;

const cookieMac = (ctx: KeyCtx, nonce: string, expires: string) =>
  createHmac('sha256', ctx.tokens.keys.secretFor('hosted-csrf-cookie'))
    .update(`${nonce}.${expires}`)
    .digest('base64url');

/**
 * The CSRF cookie authenticates itself: `nonce.expiry.HMAC(server secret, nonce.expiry)`. A value the
 * server did not mint (a planted cookie) or one past its hour is never adopted (audit F-13).
 */
function mintCsrfCookie(ctx: KeyCtx): string {
  const nonce = randomToken(16);
  const expires = Math.floor(ctx.now() / 1000 + CSRF_TTL_SECONDS).toString(36);
  return `${nonce}.${expires}.${cookieMac(ctx, nonce, expires)}`;
}

function isMintedCsrfCookie(ctx: KeyCtx, value: string | undefined): value is string {
  const match = value ? CSRF_COOKIE.exec(value) : null;
  if (!match) return false;
  const [, nonce, expires, mac] = match as unknown as [string, string, string, string];
  if (parseInt(expires, 36) * 1000 <= ctx.now()) return false;
  return safeEqual(Buffer.from(mac), Buffer.from(cookieMac(ctx, nonce, expires)));
}

/** The browser's CSRF cookie if the server minted it and it is still fresh; otherwise a new one is set. */
export function ensureCsrfCookie(ctx: KeyCtx, request: FastifyRequest, reply: FastifyReply): string {
  const name = cookieNames(ctx).csrf;
  const existing = readCookies(request)[name];
  if (isMintedCsrfCookie(ctx, existing)) return existing;
  const value = mintCsrfCookie(ctx);
  setCookie(ctx, reply, name, value, CSRF_TTL_SECONDS);
  return value;
}

/** The hidden form field: an HMAC of the cookie and the redirect session, so it fits one form only. */
export function csrfFor(ctx: KeyCtx, cookie: string, sessionId: string): string {
  return createHmac('sha256', ctx.tokens.keys.activeMac.secret)
    .update(`csrf:${cookie}:${sessionId}`)
    .digest('base64url');
}

/** A form post is genuine when it carries a minted cookie and the field derived from it for this session. */
export function isGenuinePost(ctx: KeyCtx, request: FastifyRequest, field: string, sessionId: string): boolean {
  const cookie = readCookies(request)[cookieNames(ctx).csrf];
  if (!isMintedCsrfCookie(ctx, cookie)) return false;
  return safeEqual(Buffer.from(field), Buffer.from(csrfFor(ctx, cookie, sessionId)));
}
