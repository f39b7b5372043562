import { randomUUID } from 'node:crypto';
import { reassignVisitorItems } from '../data/index.js';
import { handOverToMember } from '../commerce/index.js';
import { OAuthError } from '../errors/wire.js';
import { parseAuthorization } from '../http/resolve-caller.js';
import { findMemberById, isMemberId, memberDeletedAt } from '../members/index.js';
import { consumeSessionToken } from '../sessions/session-tokens.js';
import { clientIp } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { keepsFirstRefreshToken } from './client-kind.js';
import type { GrantHandler } from './grants.js';

/** One row per use of a site API key on the token endpoint, granted or refused. Never the key itself. */
async function audit(
  q: Queryable,
  row: {
    siteId: string;
    keyName: string;
    outcome: string;
    memberId?: string | undefined;
    clientId?: string | undefined;
    ip: string;
  },
  now: number,
): Promise<void> {
  await q.query(
    `insert into api_key_audit (site_id, id, key_name, action, outcome, member_id, client_id, ip, created_at)
     values ($1, $2, $3, 'authorized_client', $4, $5, $6, $7, $8)`,
    [
      row.siteId,
      randomUUID(),
      row.keyName,
      row.outcome,
      row.memberId?.slice(0, 64) ?? null,
      row.clientId ?? null,
      row.ip,
      new Date(now),
    ],
  );
}

/**
 * grant_type authorized_client (docs/wire-format.md §2.1): a site's backend, holding an API key, asks for
 * member tokens — `Authorization: <accessToken>,<apiKey>`, `member_id`, and optionally the
 * `session_token` sign-on returned (then it must name that same member). The access token part may be
 * empty; when it is a visitor token of the site, that visitor is linked to the member.
 */
export const authorizedClientGrant: GrantHandler = async (input, ctx, request) => {
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  if (!apiKey) throw new OAuthError(401, 'invalid_client', 'send Authorization: <accessToken>,<apiKey>');
  const key = await ctx.apiKeys.matchSiteKey(apiKey);
  if (!key?.siteId) throw new OAuthError(401, 'invalid_client', 'the API key is not valid');
  const site = ctx.sites.get(key.siteId);
  if (!site || site.clients.length === 0) throw new OAuthError(401, 'invalid_client', 'the API key is not valid');
  const ip = clientIp(request);
  const now = ctx.now();

  // The client the tokens are for: the one of the presented access token, else the site's first client.
  let clientId = site.clients[0]!.clientId;
  let visitorId: string | undefined;
  if (token) {
    const verified = await ctx.tokens.verify(token);
    if (!verified.ok || verified.claims.site !== site.id) {
      await audit(ctx.db, { siteId: site.id, keyName: key.keyName, outcome: 'refused:access-token', ip }, now);
      throw new OAuthError(400, 'invalid_grant', 'the access token is not valid for this site');
    }
    clientId = verified.claims.client_id;
    if (verified.claims.role === 'visitor') visitorId = verified.claims.sub;
  }
  if (input.clientId && input.clientId !== clientId) {
    const named = ctx.sites.findClient(input.clientId);
    if (!named || named.site.id !== site.id) {
      await audit(ctx.db, { siteId: site.id, keyName: key.keyName, outcome: 'refused:client', ip }, now);
      throw new OAuthError(400, 'invalid_request', 'clientId is not a client of this site');
    }
    clientId = named.client.clientId;
  }
  const memberId = input.memberId;
  const refuse = async (outcome: string, description: string): Promise<never> => {
    await audit(
      ctx.db,
      { siteId: site.id, keyName: key.keyName, outcome: `refused:${outcome}`, memberId, clientId, ip },
      now,
    );
    throw new OAuthError(400, 'invalid_grant', description);
  };
  if (!memberId) return refuse('member', 'member_id is required');
  if (!isMemberId(memberId)) return refuse('member', 'no active member with that id');

  const result = await ctx.db.transaction(async (tx) => {
    if (input.sessionToken !== undefined) {
      const spent = await consumeSessionToken(tx, site.id, input.sessionToken, now);
      if (!spent || spent.memberId !== memberId) return { refused: 'session-token' } as const;
    }
    const member = await findMemberById(tx, site.id, memberId);
    if (!member && (await memberDeletedAt(tx, site.id, memberId))) return { refused: 'member-deleted' } as const;
    if (member?.status !== 'ACTIVE') return { refused: 'member' } as const;
    const tokens = await ctx.tokens.createMemberSession(tx, {
      siteId: site.id,
      clientId,
      memberId,
      visitorId,
      keepsFirstRefreshToken: keepsFirstRefreshToken(request.headers),
    });
    if (visitorId) await reassignVisitorItems(tx, site.id, visitorId, memberId);
    // The visitor's cart of the commerce module goes with them (docs/commerce.md → Signing in).
    await handOverToMember(tx, site, visitorId, memberId, now);
    await audit(
      tx,
      {
        siteId: site.id,
        keyName: key.keyName,
        outcome: input.sessionToken !== undefined ? 'granted:session-token' : 'granted',
        memberId,
        clientId,
        ip,
      },
      now,
    );
    return { tokens } as const;
  });
  if (result.refused !== undefined) {
    return refuse(
      result.refused,
      result.refused === 'session-token'
        ? 'the session token is invalid, used, expired or for another member'
        : result.refused === 'member-deleted'
          ? 'the member with that id was deleted (status DELETED)'
          : 'no active member with that id',
    );
  }
  return ctx.tokens.response(site, result.tokens.accessToken, result.tokens.refreshToken);
};
