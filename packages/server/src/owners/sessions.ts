import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { readCookies, setCookie } from '../http/cookies.js';
import { randomToken, safeEqual, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';

/**
 * Console sessions: a random token in an HttpOnly, SameSite=Strict cookie (`__Host-` and Secure under
 * https), 12 hours at most and 30 minutes without use. The database keeps the token's hash only, so
 * ending a session takes effect on every instance at once.
 */
export const OWNER_SESSION_TTL_SECONDS = 12 * 3600;
export const OWNER_IDLE_SECONDS = 30 * 60;
// Writing "last used" on every call would make each console request a write; a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

type Ctx = Pick<AppContext, 'config' | 'tokens' | 'now'>;

export function ownerCookieName(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.publicUrl.startsWith('https:') ? '__Host-vitrine_owner' : 'vitrine_owner';
}

export function sessionTokenOf(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string | undefined {
  const value = readCookies(request)[ownerCookieName(ctx)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * The CSRF value the console sends back in `x-vitrine-csrf`: an HMAC of the session token under a server
 * secret. It authenticates itself (nothing stored) and fits this session only; a page on another origin
 * can neither read it nor (SameSite=Strict) ride the cookie.
 */
export function csrfTokenFor(ctx: Ctx, sessionToken: string): string {
  return createHmac('sha256', ctx.tokens.keys.secretFor('owner-csrf')).update(sessionToken).digest('base64url');
}

export function isGenuineCsrf(ctx: Ctx, sessionToken: string, header: unknown): boolean {
  if (typeof header !== 'string' || header.length > 100) return false;
  return safeEqual(Buffer.from(header), Buffer.from(csrfTokenFor(ctx, sessionToken)));
}

export async function startOwnerSession(
  ctx: Ctx & Pick<AppContext, 'db'>,
  reply: FastifyReply,
  ownerId: string,
): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.query(
    'insert into owner_sessions (id_hash, owner_id, created_at, last_used_at, expires_at) values ($1, $2, $3, $3, $4)',
    [sha256(token), ownerId, new Date(now), new Date(now + OWNER_SESSION_TTL_SECONDS * 1000)],
  );
  setCookie(ctx, reply, ownerCookieName(ctx), token, OWNER_SESSION_TTL_SECONDS, 'strict');
  return token;
}

export function clearOwnerCookie(ctx: Pick<AppContext, 'config'>, reply: FastifyReply): void {
  setCookie(ctx, reply, ownerCookieName(ctx), '', 0, 'strict');
}

/** The owner id of a live session, touching its idle clock; undefined when unknown, ended, expired or idle. */
export async function resumeOwnerSession(
  ctx: Pick<AppContext, 'db' | 'now'>,
  token: string,
): Promise<string | undefined> {
  const now = ctx.now();
  const { rows } = await ctx.db.query<{
    owner_id: string;
    last_used_at: Date | string;
    expires_at: Date | string;
    ended_at: Date | string | null;
  }>('select owner_id, last_used_at, expires_at, ended_at from owner_sessions where id_hash = $1', [sha256(token)]);
  const row = rows[0];
  if (!row || row.ended_at) return undefined;
  const lastUsed = new Date(row.last_used_at).getTime();
  if (new Date(row.expires_at).getTime() <= now || lastUsed + OWNER_IDLE_SECONDS * 1000 <= now) return undefined;
  if (now - lastUsed >= TOUCH_EVERY_MS) {
    await ctx.db.query('update owner_sessions set last_used_at = $2 where id_hash = $1 and last_used_at < $2', [
      sha256(token),
      new Date(now),
    ]);
  }
  return row.owner_id;
}

export async function endOwnerSession(q: Queryable, token: string, now: number): Promise<void> {
  await q.query('update owner_sessions set ended_at = $2 where id_hash = $1 and ended_at is null', [
    sha256(token),
    new Date(now),
  ]);
}
