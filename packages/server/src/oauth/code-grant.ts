import { reassignVisitorItems } from '../data/index.js';
import { OAuthError } from '../errors/wire.js';
import { recordVisitor } from '../members/index.js';
import { requestOrigin } from '../security/index.js';
import { keepsFirstRefreshToken } from './client-kind.js';
import { requireClient, type GrantHandler } from './grants.js';
import { consumeCode, findCode, recordCodeSession, verifyPkce } from './redirect-store.js';
import { endSession } from './session-end.js';
import { handOverToMember } from '../commerce/index.js';

const invalidGrant = (why: string) => new OAuthError(400, 'invalid_grant', why);

/**
 * grant_type authorization_code (RFC 6749 §4.1.3 + RFC 7636): the code is spent first, atomically, so
 * a failed PKCE or redirect check also burns it; a replay of a spent code ends the session it created.
 */
export const authorizationCodeGrant: GrantHandler = async (input, ctx, request) => {
  const { site, client } = requireClient(ctx, input.clientId);
  const code = input.code;
  if (!code) throw new OAuthError(400, 'invalid_request', 'code is required');
  if (!input.codeVerifier) throw new OAuthError(400, 'invalid_request', 'codeVerifier is required (PKCE)');
  if (code.length > 200) throw invalidGrant('the code is invalid or expired');
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const stored = await consumeCode(tx, code, now);
    if (!stored) {
      const known = await findCode(tx, code);
      if (known?.usedAt && known.sessionId) {
        // RFC 6749 §4.1.2 / RFC 9700 §4.2.4: a second use means the code leaked; end what it issued.
        await endSession(ctx.authEvents, tx, {
          siteId: known.siteId,
          sessionId: known.sessionId,
          reason: 'authorization-code-replay',
          ...requestOrigin(request),
        });
      }
      return { error: known?.usedAt ? 'the code was already used' : 'the code is invalid or expired' } as const;
    }
    if (stored.siteId !== site.id || stored.clientId !== client.clientId)
      return { error: 'the code was issued to another client' } as const;
    // Issued with a redirect URI → the same one, exactly; issued without → none may be sent.
    if ((stored.redirectUri ?? undefined) !== (input.redirectUri || undefined))
      return { error: 'redirectUri does not match the authorization request' } as const;
    if (!verifyPkce(input.codeVerifier, stored.codeChallenge))
      return { error: 'codeVerifier does not match the code challenge' } as const;
    const { rows } = await tx.query<{ status: string }>('select status from members where site_id = $1 and id = $2', [
      site.id,
      stored.memberId,
    ]);
    if (rows[0]?.status !== 'ACTIVE') return { error: 'the member can no longer sign in' } as const;
    const tokens = await ctx.tokens.createMemberSession(tx, {
      siteId: site.id,
      clientId: client.clientId,
      memberId: stored.memberId,
      visitorId: stored.visitorId ?? undefined,
      keepsFirstRefreshToken: keepsFirstRefreshToken(request.headers),
    });
    await recordCodeSession(tx, code, tokens.sessionId);
    if (stored.visitorId) {
      await recordVisitor(tx, site.id, stored.memberId, stored.visitorId);
      await reassignVisitorItems(tx, site.id, stored.visitorId, stored.memberId);
    }
    // The visitor's cart of the commerce module goes with them, and orders placed as a guest with this member's
    // verified address join the account (docs/commerce.md → Signing in, Guest orders).
    await handOverToMember(tx, site, stored.visitorId ?? undefined, stored.memberId, ctx.now());
    return { tokens } as const;
  });
  if (outcome.error !== undefined) throw invalidGrant(outcome.error);
  return ctx.tokens.response(site, outcome.tokens.accessToken, outcome.tokens.refreshToken);
};
