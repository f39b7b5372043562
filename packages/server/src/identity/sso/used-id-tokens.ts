import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Queryable } from '../../store/types.js';

/**
 * One sign-in per ID token on login-with-token-params (audit S-9). A token that leaks (a log, a proxy, a
 * compromised app) is otherwise a sign-in for as long as it lives. Its `jti` names it; a token without
 * one is named by itself. Only the compact form's signature could be spelled two ways (base64url's
 * unused bits), so it is named by its header, payload and DECODED signature: a re-spelled copy is the
 * same token. Rows last as long as the token would be accepted, then the next spend sweeps them.
 */
export function idTokenKey(idToken: string, claims: JWTPayload): Buffer {
  const hash = createHash('sha256');
  if (typeof claims.jti === 'string' && claims.jti) return hash.update(`jti\n${claims.jti}`).digest();
  const [header = '', payload = '', signature = ''] = idToken.split('.');
  return hash.update(`token\n${header}.${payload}.`).update(Buffer.from(signature, 'base64url')).digest();
}

/**
 * Records the token as spent; false when it already was. The primary key is the single point of
 * consumption, so the same token posted twice at once signs in once.
 */
export async function spendIdToken(
  db: Queryable,
  spend: { siteId: string; issuer: string; key: Buffer; expiresAt: number },
  now: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into sso_used_id_tokens (site_id, issuer, token_hash, expires_at) values ($1, $2, $3, $4)
     on conflict do nothing returning 1 as spent`,
    [spend.siteId, spend.issuer, spend.key, new Date(spend.expiresAt)],
  );
  if (rows.length === 0) return false;
  await db.query('delete from sso_used_id_tokens where expires_at < $1', [new Date(now)]);
  return true;
}
