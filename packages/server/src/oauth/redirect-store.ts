import { createHash, randomUUID } from 'node:crypto';
import { randomToken, safeEqual, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { ACCOUNT_LINK_TTL_SECONDS, type AccountLink } from './account-paths.js';

/** Redirect sessions and authorization codes both live at most this long (RFC 9700 §2.1.1: codes ≤ 10 min). */
export const REDIRECT_SESSION_TTL_SECONDS = 600;
export const CODE_TTL_SECONDS = 600;

export type Intent = 'auth' | 'login' | 'logout';
export type ResponseMode = 'fragment' | 'query' | 'web_message';

export interface RedirectSession {
  siteId: string;
  id: string;
  intent: Intent;
  clientId: string;
  redirectUri: string | null;
  codeChallenge: string | null;
  responseMode: ResponseMode | null;
  state: string | null;
  prompt: string | null;
  memberId: string | null;
  visitorId: string | null;
  logoutSessionId: string | null;
  postFlowUrl: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  /** A members account link (account/): the section it opens; a 'login' session otherwise. */
  account?: AccountLink | undefined;
}

interface SessionRow {
  site_id: string;
  id: string;
  intent: Intent;
  client_id: string;
  redirect_uri: string | null;
  code_challenge: string | null;
  response_mode: ResponseMode | null;
  state: string | null;
  prompt: string | null;
  member_id: string | null;
  visitor_id: string | null;
  logout_session_id: string | null;
  post_flow_url: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  account_section?: string | null;
  account_member_session_id?: string | null;
}

const toSession = (r: SessionRow): RedirectSession => ({
  siteId: r.site_id,
  id: r.id,
  intent: r.intent,
  clientId: r.client_id,
  redirectUri: r.redirect_uri,
  codeChallenge: r.code_challenge,
  responseMode: r.response_mode,
  state: r.state,
  prompt: r.prompt,
  memberId: r.member_id,
  visitorId: r.visitor_id,
  logoutSessionId: r.logout_session_id,
  postFlowUrl: r.post_flow_url,
  expiresAt: new Date(r.expires_at),
  usedAt: r.used_at ? new Date(r.used_at) : null,
  account: r.account_section
    ? { section: r.account_section, memberSessionId: r.account_member_session_id ?? null }
    : undefined,
});

export type NewRedirectSession = Omit<RedirectSession, 'id' | 'expiresAt' | 'usedAt'>;

/**
 * A redirect session to insert: the site, intent and client, and the fields this intent sets; every other
 * field null (an `auth` session sets the authorization request's, a `logout` one the session it ends, …).
 */
export function newRedirectSession(
  fields: Pick<NewRedirectSession, 'siteId' | 'intent' | 'clientId'> & Partial<NewRedirectSession>,
): NewRedirectSession {
  return {
    redirectUri: null,
    codeChallenge: null,
    responseMode: null,
    state: null,
    prompt: null,
    memberId: null,
    visitorId: null,
    logoutSessionId: null,
    postFlowUrl: null,
    ...fields,
  };
}

export async function insertRedirectSession(
  tx: Queryable,
  s: NewRedirectSession,
  now: number,
): Promise<RedirectSession> {
  const id = randomUUID();
  const { rows } = await tx.query<SessionRow>(
    `insert into redirect_sessions (site_id, id, intent, client_id, redirect_uri, code_challenge, response_mode, state, prompt,
                                    member_id, visitor_id, logout_session_id, post_flow_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning *`,
    [
      s.siteId,
      id,
      s.intent,
      s.clientId,
      s.redirectUri,
      s.codeChallenge,
      s.responseMode,
      s.state,
      s.prompt,
      s.memberId,
      s.visitorId,
      s.logoutSessionId,
      s.postFlowUrl,
      new Date(now),
      new Date(now + REDIRECT_SESSION_TTL_SECONDS * 1000),
    ],
  );
  if (s.account) {
    await tx.query(
      `insert into account_redirects (site_id, redirect_session_id, section, member_session_id, expires_at) values ($1, $2, $3, $4, $5)`,
      [s.siteId, id, s.account.section, s.account.memberSessionId, new Date(now + ACCOUNT_LINK_TTL_SECONDS * 1000)],
    );
  }
  return { ...toSession(rows[0]!), account: s.account };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any state (used, expired included): the pages tell those apart. Non-uuid ids are simply unknown. */
export async function findRedirectSession(q: Queryable, id: unknown): Promise<RedirectSession | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const { rows } = await q.query<SessionRow>(
    `select r.*, a.section as account_section, a.member_session_id as account_member_session_id
       from redirect_sessions r left join account_redirects a on a.redirect_session_id = r.id
      where r.id = $1`,
    [id],
  );
  return rows[0] && toSession(rows[0]);
}

/** Spends a redirect session: exactly one caller wins (`… where used_at is null … returning`). */
export async function completeRedirectSession(
  tx: Queryable,
  id: string,
  now: number,
  memberId?: string,
): Promise<boolean> {
  // An account link records who opened it: its pages then serve that member's browser session only.
  const result = await tx.query(
    `update redirect_sessions set used_at = $2${memberId ? ', member_id = $3' : ''} where id = $1 and used_at is null and expires_at > $2`,
    memberId ? [id, new Date(now), memberId] : [id, new Date(now)],
  );
  return result.rowCount === 1;
}

export function isLive(s: RedirectSession, now: number): boolean {
  return !s.usedAt && s.expiresAt.getTime() > now;
}

// ── Authorization codes ────────────────────────────────────────────────────────────────────────

export interface CodeBinding {
  siteId: string;
  clientId: string;
  redirectUri: string | null;
  codeChallenge: string;
  memberId: string;
  visitorId: string | null;
}

export async function issueCode(tx: Queryable, b: CodeBinding, now: number): Promise<string> {
  const code = randomToken();
  await tx.query(
    `insert into authorization_codes (site_id, code_hash, client_id, redirect_uri, code_challenge, member_id, visitor_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      b.siteId,
      sha256(code),
      b.clientId,
      b.redirectUri,
      b.codeChallenge,
      b.memberId,
      b.visitorId,
      new Date(now),
      new Date(now + CODE_TTL_SECONDS * 1000),
    ],
  );
  return code;
}

export interface StoredCode extends CodeBinding {
  sessionId: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

interface CodeRow {
  site_id: string;
  client_id: string;
  redirect_uri: string | null;
  code_challenge: string;
  member_id: string;
  visitor_id: string | null;
  session_id: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
}

const toCode = (r: CodeRow): StoredCode => ({
  siteId: r.site_id,
  clientId: r.client_id,
  redirectUri: r.redirect_uri,
  codeChallenge: r.code_challenge,
  memberId: r.member_id,
  visitorId: r.visitor_id,
  sessionId: r.session_id,
  expiresAt: new Date(r.expires_at),
  usedAt: r.used_at ? new Date(r.used_at) : null,
});

/** Spends a code if it is unused and unexpired; otherwise undefined (see `findCode` for why). */
export async function consumeCode(tx: Queryable, code: string, now: number): Promise<StoredCode | undefined> {
  const { rows } = await tx.query<CodeRow>(
    `update authorization_codes set used_at = $2 where code_hash = $1 and used_at is null and expires_at > $2 returning *`,
    [sha256(code), new Date(now)],
  );
  return rows[0] && toCode(rows[0]);
}

export async function findCode(q: Queryable, code: string): Promise<StoredCode | undefined> {
  const { rows } = await q.query<CodeRow>('select * from authorization_codes where code_hash = $1', [sha256(code)]);
  return rows[0] && toCode(rows[0]);
}

export async function recordCodeSession(tx: Queryable, code: string, sessionId: string): Promise<void> {
  await tx.query('update authorization_codes set session_id = $2 where code_hash = $1', [sha256(code), sessionId]);
}

// ── PKCE (RFC 7636) ───────────────────────────────────────────────────────────────────────────

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** S256 only: base64url(sha256(verifier)) compared in constant time. */
export function verifyPkce(verifier: unknown, challenge: string): boolean {
  if (typeof verifier !== 'string' || !VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  return safeEqual(computed, Buffer.from(challenge));
}

// ── Browser sessions (the hosted pages' cookie) ─────────────────────────────────────────────────

export async function insertBrowserSession(
  tx: Queryable,
  input: { siteId: string; memberId: string; sessionId: string; ttlSeconds: number },
  now: number,
): Promise<string> {
  const token = randomToken();
  await tx.query(
    `insert into browser_sessions (site_id, token_hash, member_id, session_id, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
    [
      input.siteId,
      sha256(token),
      input.memberId,
      input.sessionId,
      new Date(now),
      new Date(now + input.ttlSeconds * 1000),
    ],
  );
  return token;
}

export interface BrowserMember {
  memberId: string;
  sessionId: string;
  /** Last use of the cookie's member session: the caller applies the idle timeout and records the use. */
  lastUsedAt: Date;
}

/** The member behind a cookie of this site: only while the cookie row, its member session and the member are all live. */
export async function findBrowserMember(
  q: Queryable,
  siteId: string,
  token: unknown,
  now: number,
): Promise<BrowserMember | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
  const { rows } = await q.query<{ member_id: string; session_id: string; last_used_at: Date | string }>(
    `select b.member_id, b.session_id, s.last_used_at from browser_sessions b
       join sessions s on s.site_id = b.site_id and s.id = b.session_id
       join members m on m.site_id = b.site_id and m.id = b.member_id
      where b.token_hash = $1 and b.site_id = $2 and b.revoked_at is null and b.expires_at > $3
        and s.revoked_at is null and s.expires_at > $3 and m.status = 'ACTIVE'`,
    [sha256(token), siteId, new Date(now)],
  );
  const row = rows[0];
  return row && { memberId: row.member_id, sessionId: row.session_id, lastUsedAt: new Date(row.last_used_at) };
}

/** Ends the cookie's row on this site only (audit F-9) and returns its member session, so logout can end that too. */
export async function revokeBrowserSession(
  tx: Queryable,
  siteId: string,
  token: unknown,
  now: number,
): Promise<{ sessionId: string } | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
  const { rows } = await tx.query<{ session_id: string }>(
    `update browser_sessions set revoked_at = $3 where token_hash = $1 and site_id = $2 and revoked_at is null returning session_id`,
    [sha256(token), siteId, new Date(now)],
  );
  return rows[0] && { sessionId: rows[0].session_id };
}
