import { sha256 } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';

/** Rows of the two SSO tables (migration 0012): provider identities and sign-ins on their way. */

export const LOGIN_TTL_SECONDS = 600;

export interface ProviderIdentity {
  memberId: string;
  idpConnectionId: string;
  subject: string;
}

export async function findProviderIdentity(
  q: Queryable,
  siteId: string,
  issuer: string,
  subject: string,
): Promise<ProviderIdentity | undefined> {
  const { rows } = await q.query<{ member_id: string; idp_connection_id: string; subject: string }>(
    'select member_id, idp_connection_id, subject from sso_identities where site_id = $1 and issuer = $2 and subject = $3',
    [siteId, issuer, subject],
  );
  const row = rows[0];
  return row && { memberId: row.member_id, idpConnectionId: row.idp_connection_id, subject: row.subject };
}

/** Links a provider identity to a member; false when it was linked meanwhile (the primary key decides). */
export async function insertProviderIdentity(
  tx: Queryable,
  input: {
    siteId: string;
    issuer: string;
    subject: string;
    memberId: string;
    idpConnectionId: string;
    email: string | undefined;
    now: number;
  },
): Promise<boolean> {
  const at = new Date(input.now);
  const { rowCount } = await tx.query(
    `insert into sso_identities (site_id, issuer, subject, member_id, idp_connection_id, email, created_at, last_used_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) on conflict do nothing`,
    [input.siteId, input.issuer, input.subject, input.memberId, input.idpConnectionId, input.email ?? null, at],
  );
  return rowCount === 1;
}

export async function touchProviderIdentity(
  tx: Queryable,
  siteId: string,
  issuer: string,
  subject: string,
  now: number,
): Promise<void> {
  await tx.query('update sso_identities set last_used_at = $4 where site_id = $1 and issuer = $2 and subject = $3', [
    siteId,
    issuer,
    subject,
    new Date(now),
  ]);
}

/** A member's connections in the wire shape of docs/wire-format.md §6.3. */
export async function listConnections(
  q: Queryable,
  siteId: string,
  memberId: string,
): Promise<{ idpConnection: { idpConnectionId: string; idpUserId: string } }[]> {
  const { rows } = await q.query<{ idp_connection_id: string; subject: string }>(
    'select idp_connection_id, subject from sso_identities where site_id = $1 and member_id = $2 order by created_at, idp_connection_id',
    [siteId, memberId],
  );
  return rows.map((r) => ({ idpConnection: { idpConnectionId: r.idp_connection_id, idpUserId: r.subject } }));
}

/**
 * The same, each with the date it was linked (`connectedDate`, ISO 8601): what Account → Sign-in methods
 * shows, so a link the member did not make is seen (audit S-7). Vitrine's own routes only; the
 * StateMachineResponse keeps the reference shape above.
 */
export async function listConnectionsWithDates(
  q: Queryable,
  siteId: string,
  memberId: string,
): Promise<{ idpConnection: { idpConnectionId: string; idpUserId: string }; connectedDate: string }[]> {
  const { rows } = await q.query<{ idp_connection_id: string; subject: string; created_at: Date | string }>(
    'select idp_connection_id, subject, created_at from sso_identities where site_id = $1 and member_id = $2 order by created_at, idp_connection_id',
    [siteId, memberId],
  );
  return rows.map((r) => ({
    idpConnection: { idpConnectionId: r.idp_connection_id, idpUserId: r.subject },
    connectedDate: new Date(r.created_at).toISOString(),
  }));
}

export async function deleteConnection(
  tx: Queryable,
  siteId: string,
  memberId: string,
  idpConnectionId: string,
): Promise<number> {
  const { rowCount } = await tx.query(
    'delete from sso_identities where site_id = $1 and member_id = $2 and idp_connection_id = $3',
    [siteId, memberId, idpConnectionId],
  );
  return rowCount ?? 0;
}

export interface PendingLogin {
  siteId: string;
  idpConnectionId: string;
  redirectSessionId: string;
  browserHash: Buffer;
  nonce: string;
  codeVerifier: string;
  /** The hosted page's explicit language (`?lang=`), for the pages after the provider's callback. */
  language?: string | null;
}

export async function insertPendingLogin(
  tx: Queryable,
  state: string,
  browser: string,
  p: Omit<PendingLogin, 'browserHash'>,
  now: number,
): Promise<void> {
  await tx.query(
    `insert into sso_logins (state_hash, site_id, idp_connection_id, redirect_session_id, browser_hash, nonce, code_verifier, created_at, expires_at, language)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      sha256(state),
      p.siteId,
      p.idpConnectionId,
      p.redirectSessionId,
      sha256(browser),
      p.nonce,
      p.codeVerifier,
      new Date(now),
      new Date(now + LOGIN_TTL_SECONDS * 1000),
      p.language ?? null,
    ],
  );
  // Old rows are of no use to anyone; the sweep rides on the sign-ins themselves.
  await tx.query('delete from sso_logins where expires_at < $1', [new Date(now - 24 * 3600 * 1000)]);
}

/**
 * Spends the sign-in a provider's answer belongs to, for the browser that started it only: the state
 * AND the flow cookie must match (audit S-17), so a stray callback (a forged state, another browser, a
 * second tab's error) leaves the pending sign-in for its own browser. The `update … where used_at is
 * null` is the single point of consumption, so a replayed or doubled callback finds nothing.
 */
export async function consumePendingLogin(
  tx: Queryable,
  state: string,
  browser: string | undefined,
  now: number,
): Promise<PendingLogin | undefined> {
  if (!browser) return undefined;
  const { rows } = await tx.query<{
    site_id: string;
    idp_connection_id: string;
    redirect_session_id: string;
    browser_hash: Buffer | Uint8Array;
    nonce: string;
    code_verifier: string;
    language: string | null;
  }>(
    `update sso_logins set used_at = $2
     where state_hash = $1 and browser_hash = $3 and used_at is null and expires_at > $2
     returning site_id, idp_connection_id, redirect_session_id, browser_hash, nonce, code_verifier, language`,
    [sha256(state), new Date(now), sha256(browser)],
  );
  const row = rows[0];
  return (
    row && {
      siteId: row.site_id,
      idpConnectionId: row.idp_connection_id,
      redirectSessionId: row.redirect_session_id,
      browserHash: Buffer.from(row.browser_hash),
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      language: row.language,
    }
  );
}

/**
 * A live sign-in of this state, without spending it: the redirect session whose pages a callback from the
 * wrong browser answers with ("started in another browser").
 */
export async function findPendingLogin(
  q: Queryable,
  state: string,
  now: number,
): Promise<{ redirectSessionId: string; language: string | null } | undefined> {
  const { rows } = await q.query<{ redirect_session_id: string; language: string | null }>(
    'select redirect_session_id, language from sso_logins where state_hash = $1 and used_at is null and expires_at > $2',
    [sha256(state), new Date(now)],
  );
  const row = rows[0];
  return row && { redirectSessionId: row.redirect_session_id, language: row.language };
}
