import { invalidField } from '../../errors/wire.js';
import { randomToken, sha256 } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import { limitIp, type IdentityDeps } from '../common.js';
import type { FlowScope } from '../flow.js';
import { findIdentityProvider } from './providers.js';

/**
 * Server-issued nonces for login-with-token-params (audit S-9, docs/providers.md): the app asks for one
 * before it asks the provider, puts it in the provider's request as is, and the ID token it brings back
 * must carry it. A nonce the server never issued (one copied from the token itself), one already spent
 * and one past its 10 minutes are refused, so a token minted for another app or session does not sign in.
 */

export const TOKEN_NONCE_TTL_SECONDS = 600;

/** POST /v1/sso/nonce {idpConnectionId} → {nonce, expiresIn}: any token of the site (a visitor's is enough). */
export async function issueTokenNonce(
  deps: IdentityDeps,
  scope: FlowScope,
  input: Record<string, unknown>,
): Promise<{ nonce: string; expiresIn: number }> {
  const { ctx } = deps;
  const { site } = scope;
  const idp = findIdentityProvider(site, input.idpConnectionId);
  if (!idp) throw invalidField('idpConnectionId', 'is not an identity provider of this site', 'UNKNOWN_IDP_CONNECTION');
  // Each nonce is a row: issued on the sign-in's own budget, so a flood of them is a flood of sign-ins.
  await limitIp(deps, scope.ip, site.id, 'login');
  const nonce = randomToken();
  const now = ctx.now();
  await ctx.db.query(
    `insert into sso_token_nonces (site_id, nonce_hash, idp_connection_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [site.id, sha256(nonce), idp.id, new Date(now), new Date(now + TOKEN_NONCE_TTL_SECONDS * 1000)],
  );
  // Unspent nonces are of no use past their expiry; the sweep rides on the issuing itself.
  await ctx.db.query('delete from sso_token_nonces where expires_at < $1', [new Date(now)]);
  return { nonce, expiresIn: TOKEN_NONCE_TTL_SECONDS };
}

/**
 * Spends the nonce an ID token carries; false when this server did not issue it for this provider, or it
 * was spent or expired. The `delete … returning` is the single point of consumption.
 */
export async function spendTokenNonce(
  db: Queryable,
  spend: { siteId: string; idpConnectionId: string; nonce: unknown },
  now: number,
): Promise<boolean> {
  if (typeof spend.nonce !== 'string' || !spend.nonce || spend.nonce.length > 512) return false;
  const { rows } = await db.query(
    `delete from sso_token_nonces where site_id = $1 and nonce_hash = $2 and idp_connection_id = $3 and expires_at > $4
     returning 1 as spent`,
    [spend.siteId, sha256(spend.nonce), spend.idpConnectionId, new Date(now)],
  );
  return rows.length === 1;
}
