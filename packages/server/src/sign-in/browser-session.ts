import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { cookieNames, readCookies } from '../http/cookies.js';
import { endSession } from '../oauth/session-end.js';
import { lastUseIsStale, touchSession } from '../sessions/member-sessions.js';
import { requestOrigin } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { findBrowserMember, insertBrowserSession, revokeBrowserSession } from '../oauth/redirect-store.js';

/**
 * The hosted pages' browser session (docs/sign-in.md#hosted-pages): the `vitrine_sso` cookie, a row in
 * `browser_sessions` and a member session of its own, so every revocation path ends it too.
 */

/**
 * The member of this browser's sign-in cookie for the site, if its session is live and not idle. A use
 * is recorded (at most hourly); an idle session is ended here, so its tokens stop working too (F-12).
 */
export async function browserMember(
  ctx: AppContext,
  request: FastifyRequest,
  site: SiteConfig,
  now: number,
): Promise<{ memberId: string; sessionId: string } | undefined> {
  const browser = await findBrowserMember(ctx.db, site.id, readCookies(request)[cookieNames(ctx).session], now);
  if (!browser) return undefined;
  if (browser.lastUsedAt.getTime() <= ctx.tokens.idleSince(site).getTime()) {
    await ctx.db.transaction((tx) =>
      endSession(ctx.authEvents, tx, {
        siteId: site.id,
        sessionId: browser.sessionId,
        reason: 'idle',
        ...requestOrigin(request),
      }),
    );
    return undefined;
  }
  if (lastUseIsStale(browser.lastUsedAt, now)) await touchSession(ctx.db, site.id, browser.sessionId, now);
  return browser;
}

/**
 * A sign-in on the hosted pages: a new browser session for the member, with a new cookie value (a fresh
 * session id at every authentication, ASVS V3.2.1). The session the browser's cookie held before — the
 * same member re-authenticating (`prompt=login`) or someone else signing in ("Use another account") —
 * is replaced: its row and its member session end here, so one browser holds one live session.
 * Returns the new cookie value.
 */
export async function replaceBrowserSession(
  ctx: AppContext,
  tx: Queryable,
  request: FastifyRequest,
  input: { siteId: string; clientId: string; memberId: string; ttlSeconds: number },
  now: number,
): Promise<string> {
  const previous = await revokeBrowserSession(tx, input.siteId, readCookies(request)[cookieNames(ctx).session], now);
  if (previous) {
    await endSession(ctx.authEvents, tx, {
      siteId: input.siteId,
      sessionId: previous.sessionId,
      reason: 'replaced',
      ...requestOrigin(request),
    });
  }
  const session = await ctx.tokens.createMemberSession(tx, {
    siteId: input.siteId,
    clientId: input.clientId,
    memberId: input.memberId,
  });
  return insertBrowserSession(
    tx,
    { siteId: input.siteId, memberId: input.memberId, sessionId: session.sessionId, ttlSeconds: input.ttlSeconds },
    now,
  );
}
