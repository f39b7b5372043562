import type { MessageKey } from '../i18n/index.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as oidc from 'openid-client';
import type { ClientConfig, IdentityProviderConfig, SiteConfig } from '../config/types.js';
import {
  type MemberCaller,
  type IdentityDeps,
  bodyOf,
  scopeOf,
  findIdentityProvider,
  ProviderUnavailable,
  findProviderIdentity,
  insertProviderIdentity,
  listConnections,
} from '../identity/index.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import {
  completeRedirectSession,
  insertRedirectSession,
  newRedirectSession,
  type RedirectSession,
} from '../oauth/redirect-store.js';
import { requestOrigin, requireRecentAuthentication } from '../security/index.js';
import { findMemberById } from '../members/index.js';
import { ssoErrorPage } from './sso-pages.js';
import type { ConnectParams } from './schemas.js';

/**
 * Connecting a provider while signed in (issue #15, Account → Sign-in methods). The member asks with
 * their token and a fresh sign-in (F-6); the answer sets the flow cookie on THIS browser and names the
 * provider's address. The sign-in at the provider then comes back through the ordinary callback, which
 * links the identity to the member instead of signing anyone in. Because the flow is bound to the
 * browser that made the authenticated request, a connect link handed to someone else is useless (their
 * provider account can never end up on the asker's member).
 *
 * The flow rides on a redirect session of intent `login` carrying the member and `prompt: "connect"`:
 * no other flow creates such a session, and it holds everything the callback needs (member, client,
 * where to return).
 */
export const CONNECT_PROMPT = 'connect';

export const isConnectSession = (s: RedirectSession): boolean =>
  s.intent === 'login' && s.prompt === CONNECT_PROMPT && !!s.memberId;

/** Sends the browser to the provider with the connect flow's cookie set on `reply`; answers the provider's address. */
export type BeginAtProvider = (
  idp: IdentityProviderConfig,
  session: RedirectSession,
  reply: FastifyReply,
) => Promise<string>;

/**
 * POST /v1/sso/connect/{idpConnectionId} `{returnUrl, currentPassword?}` (member token) → `{authUrl}`.
 * `returnUrl` must be a registered redirect URI or lie under an allowed origin of the member's client.
 */
export async function startConnect(
  deps: IdentityDeps,
  request: FastifyRequest<{ Params: ConnectParams }>,
  reply: FastifyReply,
  begin: BeginAtProvider,
) {
  const { ctx } = deps;
  const { site, caller, ip } = await scopeOf(request, ctx);
  if (caller.kind !== 'member') throw appError('UNAUTHORIZED');
  const input = bodyOf(request);
  return connectProvider(deps, { site, caller, ip }, request.params.idpConnectionId, {
    currentPassword: input.currentPassword,
    returnUrl: (client) => ctx.sites.normalizeRedirect(client, input.returnUrl),
    reply,
    begin,
  });
}

/**
 * The connect flow for a signed-in member, whoever asks (the JSON route above, the hosted account page):
 * the provider must be the site's, the member proves a fresh sign-in or their current password, and the
 * way back is `returnUrl(client)` (undefined: refused). Answers the provider's address to send the browser to.
 */
export async function connectProvider(
  deps: IdentityDeps,
  scope: { site: SiteConfig; caller: MemberCaller; ip: string },
  idpConnectionId: string,
  input: {
    currentPassword: unknown;
    returnUrl: (client: ClientConfig) => string | undefined;
    reply: FastifyReply;
    begin: BeginAtProvider;
  },
): Promise<{ authUrl: string }> {
  const { ctx } = deps;
  const { site, caller, ip } = scope;
  const idp = findIdentityProvider(site, idpConnectionId);
  if (!idp) throw appError('IDP_CONNECTION_NOT_FOUND', { description: 'This shop has no such sign-in provider' });
  const member = await findMemberById(ctx.db, site.id, caller.memberId);
  if (!member) throw appError('UNAUTHORIZED');
  await requireRecentAuthentication(ctx, caller, {
    currentPassword: input.currentPassword,
    member,
    ip,
  });
  const entry = ctx.sites.findClient(caller.clientId);
  const returnUrl = entry ? input.returnUrl(entry.client) : undefined;
  if (!entry || !returnUrl)
    throw invalidField(
      'returnUrl',
      "must be one of the client's registered redirect URIs or lie under an allowed origin",
      'REDIRECT_NOT_ALLOWED',
    );
  const session = await ctx.db.transaction((tx) =>
    insertRedirectSession(
      tx,
      newRedirectSession({
        siteId: site.id,
        intent: 'login',
        clientId: entry.client.clientId,
        prompt: CONNECT_PROMPT,
        memberId: member.id,
        postFlowUrl: returnUrl,
      }),
      ctx.now(),
    ),
  );
  try {
    return { authUrl: await input.begin(idp, session, input.reply) };
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw appError('IDP_UNAVAILABLE', { description: `${idp.name} is not answering; try again in a few minutes` });
    throw error;
  }
}

/** Back from the provider in a connect flow: link the identity to the session's member, then return to the shop. */
export async function finishConnect(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { session: RedirectSession; idpId: string; idpName: string; issuer: string; claims: oidc.IDToken },
): Promise<unknown> {
  const { session, idpId, idpName, issuer, claims } = input;
  const memberId = session.memberId!;
  const refused = (text: MessageKey) =>
    ssoErrorPage(ctx, reply, request, {
      status: 409,
      session,
      title: 'sso.notConnected.title',
      text,
      values: { provider: idpName },
    });
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (!(await completeRedirectSession(tx, session.id, now))) return 'used' as const;
    const known = await findProviderIdentity(tx, session.siteId, issuer, claims.sub);
    if (known) return known.memberId === memberId ? ('already' as const) : ('taken' as const);
    const mine = await listConnections(tx, session.siteId, memberId);
    if (mine.some((c) => c.idpConnection.idpConnectionId === idpId)) return 'other-account' as const;
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (
      !(await insertProviderIdentity(tx, {
        siteId: session.siteId,
        issuer,
        subject: claims.sub,
        memberId,
        idpConnectionId: idpId,
        email,
        now,
      }))
    )
      return 'taken' as const;
    await ctx.authEvents.record(
      {
        type: 'factor_added',
        outcome: 'success',
        siteId: session.siteId,
        memberId,
        clientId: session.clientId,
        ...requestOrigin(request),
        detail: { method: 'sso', provider: idpId },
      },
      tx,
    );
    return 'connected' as const;
  });
  if (outcome === 'used')
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'page.expired.title',
      text: 'sso.connectDone.text',
    });
  if (outcome === 'taken') return refused('sso.taken.text');
  if (outcome === 'other-account') return refused('sso.otherAccount.text');
  const back = new URL(session.postFlowUrl!);
  back.searchParams.set('connected', idpId);
  return reply.code(302).header('cache-control', 'no-store').header('location', back.href).send();
}
