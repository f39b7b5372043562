import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { finish } from './authorization-response.js';
import type { Scope } from './pages.js';
import { consumeSessionToken } from '../sessions/session-tokens.js';
import { ssoErrorPage } from './sso-pages.js';
import { pageQuery } from '../http/pages/input.js';
import { sessionOf, str, usable } from './sso-flow-common.js';

/** GET /v1/callback?state=<redirect session id>&sessionToken= — ends a redirect session with a session token got elsewhere. */
export async function continueWithSessionToken(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext = scope.ctx,
): Promise<unknown> {
  const query = pageQuery(request);
  const session = await sessionOf(ctx, str(query.state, 100));
  if (!session || !usable(ctx, session, session.siteId)) {
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.linkExpired.title',
      text: 'sso.linkExpired.text',
    });
  }
  const spent = await ctx.db.transaction((tx) =>
    consumeSessionToken(tx, session.siteId, query.sessionToken, ctx.now()),
  );
  if (!spent) {
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.notCompleted.title',
      text: 'sso.tokenSpent.text',
    });
  }
  return finish(scope, reply, session, spent.memberId, session.visitorId ?? spent.visitorId, request);
}
