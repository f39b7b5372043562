/**
 * Opening an account link (docs/account-pages.md): the redirect session is spent once, records the member
 * it opened for, and the browser goes on to the section's page. The pages then recognise the member by
 * the hosted pages' browser session (the `vitrine_sso` cookie), never by the link alone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames, readCookies, setCookie } from '../../http/cookies.js';
import { pageLanguage } from '../../http/pages/language.js';
import { endSession } from '../../oauth/session-end.js';
import { requestOrigin } from '../../security/index.js';
import { browserMember } from '../browser-session.js';
import { entryOf, invalidLink, messagePage, type Scope } from '../pages.js';
import {
  completeRedirectSession,
  insertBrowserSession,
  revokeBrowserSession,
  type RedirectSession,
} from '../../oauth/redirect-store.js';
import { accountPath } from '../../oauth/account-paths.js';

/** Spends the link for `memberId` (whose browser session is already this browser's) and goes to the section. */
export async function openAccount(
  scope: Scope,
  reply: FastifyReply,
  s: RedirectSession,
  memberId: string,
  request?: FastifyRequest,
): Promise<FastifyReply | string> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s);
  if (!entry || !s.account) return invalidLink(reply, ctx, request);
  const spent = await ctx.db.transaction((tx) => completeRedirectSession(tx, s.id, ctx.now(), memberId));
  const lang = request ? pageLanguage(entry.site, request) : undefined;
  if (!spent) {
    const t = lang?.t;
    return messagePage(
      reply,
      entry.site,
      t?.t('page.expired.title') ?? 'Link expired',
      t?.t('page.expired.text') ?? '',
      400,
      lang,
    );
  }
  return reply
    .code(302)
    .header('cache-control', 'no-store')
    .header('location', accountPath(s.account.section, s.id, lang?.explicit))
    .send();
}

/**
 * Does the member session of a link created with a member's access token still live? When it has ended
 * since, the caller shows the sign-in page as for a visitor instead of opening the account pages.
 *
 * Asked before anything is sent, not signalled by openVouchedAccount's answer: a FastifyReply is a
 * thenable, so an async function returning one resolves to undefined, and "undefined = session ended"
 * sent the sign-in page after the account page had been (audit V5-15).
 */
export async function vouchedSessionLive(ctx: Scope['ctx'], s: RedirectSession): Promise<boolean> {
  const sessionId = s.account?.memberSessionId;
  if (!entryOf(ctx, s) || !s.memberId || !sessionId) return false;
  return ctx.tokens.isSessionActive(s.siteId, sessionId);
}

/**
 * A link created with a member's access token whose session lives (vouchedSessionLive): this browser joins
 * that token's member session (a new cookie row, not a new session, so the token's sign-in time still
 * decides what needs a fresh sign-in and ending that session ends these pages too).
 */
export async function openVouchedAccount(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
): Promise<FastifyReply | string> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s);
  const sessionId = s.account?.memberSessionId;
  if (!entry || !s.memberId || !sessionId) return invalidLink(reply, ctx, request);
  const now = ctx.now();
  const browser = await browserMember(ctx, request, entry.site, now);
  if (browser?.memberId !== s.memberId) {
    const name = cookieNames(ctx).session;
    const ttl = entry.site.tokens.memberSessionTtl;
    const cookie = await ctx.db.transaction(async (tx) => {
      // One browser holds one live session: the one it held before (someone else's, or none) ends.
      const previous = await revokeBrowserSession(tx, s.siteId, readCookies(request)[name], now);
      if (previous && previous.sessionId !== sessionId) {
        await endSession(ctx.authEvents, tx, {
          siteId: s.siteId,
          sessionId: previous.sessionId,
          reason: 'replaced',
          ...requestOrigin(request),
        });
      }
      return insertBrowserSession(tx, { siteId: s.siteId, memberId: s.memberId!, sessionId, ttlSeconds: ttl }, now);
    });
    setCookie(ctx, reply, name, cookie, ttl);
  }
  return openAccount(scope, reply, s, s.memberId, request);
}
