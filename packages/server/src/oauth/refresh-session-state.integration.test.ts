/**
 * The member refresh grant reads one row (migration 53): these tests hold the copy of the session's state on
 * its refresh tokens to the session itself, whatever changes it — the service's own revocations, a bare SQL
 * update that knows nothing of refresh tokens, the hourly last-use write — and check that a rotated
 * successor carries it too. Real server, real database (PGlite, or PostgreSQL with VITRINE_TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertMember } from '../members/index.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { migrate, openDatabase } from '../store/index.js';
import { migrations } from '../store/migrations/index.js';
import { findRefreshToken, hashToken } from '../sessions/member-sessions.js';

let server: TestServer;

beforeAll(async () => {
  // No per-address token limit here: its first reservations are database writes that would space the
  // concurrent requests out (the bench runs with it on, at a limit the load never reaches).
  vi.stubEnv('VITRINE_TOKEN_RATE_LIMIT', '0');
  server = await startTestServer({
    config: (config) => {
      // One client of each kind: the bench's member refresh is a non-rotating client's.
      const site = config.sites[0]!;
      site.clients = [
        ...site.clients,
        { ...site.clients[0]!, clientId: 'rotating-client', refreshTokenRotation: true },
        { ...site.clients[0]!, clientId: 'steady-client', refreshTokenRotation: false },
      ];
      return config;
    },
  }).finally(() => vi.unstubAllEnvs());
});
afterAll(() => server?.close());

async function newSession(clientId = 'steady-client') {
  const ctx = server.vitrine.ctx;
  return ctx.db.transaction(async (tx) => {
    const member = await insertMember(tx, {
      siteId: server.siteId,
      email: `rss-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: null,
      emailVerified: true,
      approved: true,
      profile: {},
      now: Date.now(),
    });
    return {
      memberId: member!.id,
      ...(await ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId, memberId: member!.id })),
    };
  });
}

async function refresh(refreshToken: string, clientId = 'steady-client') {
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, grantType: 'refresh_token', refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as { refresh_token?: string; error?: string } };
}

const stateOf = async (token: string) =>
  (
    await server.vitrine.ctx.db.query<{
      member_id: string;
      session_last_used_at: Date;
      session_revoked_at: Date | null;
    }>('select member_id, session_last_used_at, session_revoked_at from refresh_tokens where token_hash = $1', [
      hashToken(token),
    ])
  ).rows[0]!;

describe('member refresh: one row, always in step with its session', () => {
  it('answers with one statement on the token and session tables, and it reads refresh_tokens alone', async () => {
    const s = await newSession();
    expect((await refresh(s.refreshToken)).status).toBe(200); // the text is prepared from its second run
    const db = server.vitrine.ctx.db;
    const original = db.query;
    const seen: string[] = [];
    db.query = ((text: string, ...rest: unknown[]) => {
      seen.push(text);
      return (original as (...a: unknown[]) => unknown).call(db, text, ...rest);
    }) as typeof original;
    try {
      expect((await refresh(s.refreshToken)).status).toBe(200);
    } finally {
      db.query = original;
    }
    // The server's own loops (mail, webhook deliveries, housekeeping) share the database and may run meanwhile:
    // what counts is what touches the token and session tables.
    const onTokens = seen.filter((text) => /\b(refresh_tokens|sessions)\b/.test(text));
    expect(onTokens, seen.join('\n---\n')).toHaveLength(1);
    expect(onTokens[0]).toMatch(/from refresh_tokens\s+where token_hash = \$1/);
    expect(onTokens[0]).not.toMatch(/\bsessions\b/);
  });

  it('concurrent refreshes share statements, and a session ended just before is refused among them', async () => {
    const many = await Promise.all(Array.from({ length: 12 }, () => newSession()));
    // Concurrently once first, so the client has its twelve connections open (as a load generator's are).
    for (const a of await Promise.all(many.map((s) => refresh(s.refreshToken)))) expect(a.status).toBe(200);
    const ended = many[5]!;
    await server.vitrine.ctx.db.transaction((tx) =>
      server.vitrine.ctx.tokens.revokeSession(tx, server.siteId, ended.sessionId, 'test'),
    );
    const db = server.vitrine.ctx.db;
    const original = db.query;
    let reads = 0;
    db.query = ((text: string, ...rest: unknown[]) => {
      if (/from refresh_tokens/.test(text)) reads++;
      return (original as (...a: unknown[]) => unknown).call(db, text, ...rest);
    }) as typeof original;
    let answers: Awaited<ReturnType<typeof refresh>>[];
    try {
      answers = await Promise.all(many.map((s) => refresh(s.refreshToken)));
    } finally {
      db.query = original;
    }
    expect(answers.map((a) => a.status)).toEqual(many.map((s) => (s === ended ? 400 : 200)));
    expect(answers[5]!.body.error).toBe('invalid_grant');
    // Twelve requests on open connections arrive within a few event-loop turns: fewer reads than requests.
    expect(reads).toBeLessThan(many.length);
  });

  it('member requests check their sessions in shared statements, and an ended session is refused among them', async () => {
    const many = await Promise.all(Array.from({ length: 12 }, () => newSession()));
    const me = (token: string) =>
      fetch(`${server.url}/_api/members/v1/members/my`, { headers: { authorization: token } });
    for (const r of await Promise.all(many.map((s) => me(s.accessToken)))) expect(r.status).toBe(200);
    const ended = many[7]!;
    await server.vitrine.ctx.db.transaction((tx) =>
      server.vitrine.ctx.tokens.revokeSession(tx, server.siteId, ended.sessionId, 'test'),
    );
    const db = server.vitrine.ctx.db;
    const original = db.query;
    let checks = 0;
    db.query = ((text: string, ...rest: unknown[]) => {
      if (/select (id::text as id, )?revoked_at, expires_at, last_used_at from sessions/.test(text)) checks++;
      return (original as (...a: unknown[]) => unknown).call(db, text, ...rest);
    }) as typeof original;
    let statuses: number[];
    try {
      statuses = (await Promise.all(many.map((s) => me(s.accessToken)))).map((r) => r.status);
    } finally {
      db.query = original;
    }
    expect(statuses).toEqual(many.map((s) => (s === ended ? 401 : 200)));
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThan(many.length);
  });

  it('a revocation by any path, even a bare SQL update of sessions, reaches the token at once', async () => {
    const viaService = await newSession();
    await server.vitrine.ctx.db.transaction((tx) =>
      server.vitrine.ctx.tokens.revokeSession(tx, server.siteId, viaService.sessionId, 'test'),
    );
    expect(await refresh(viaService.refreshToken)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const viaMember = await newSession();
    await server.vitrine.ctx.db.transaction((tx) =>
      server.vitrine.ctx.tokens.revokeMemberSessions(tx, server.siteId, viaMember.memberId, { reason: 'test' }),
    );
    expect((await refresh(viaMember.refreshToken)).status).toBe(400);

    const bare = await newSession();
    expect((await refresh(bare.refreshToken)).status).toBe(200);
    await server.vitrine.ctx.db.query(
      'update sessions set revoked_at = now(), revoked_reason = $3 where site_id = $1 and id = $2',
      [server.siteId, bare.sessionId, 'bare'],
    );
    expect((await stateOf(bare.refreshToken)).session_revoked_at).not.toBeNull();
    expect((await refresh(bare.refreshToken)).status).toBe(400);
  });

  it('copies the last use written on the session (the idle timeout reads it from the token row)', async () => {
    const s = await newSession();
    const earlier = new Date(Date.now() - 5 * 86_400_000);
    await server.vitrine.ctx.db.query('update sessions set last_used_at = $3 where site_id = $1 and id = $2', [
      server.siteId,
      s.sessionId,
      earlier,
    ]);
    expect((await stateOf(s.refreshToken)).session_last_used_at.getTime()).toBe(earlier.getTime());
    // The refresh records a use (stale by more than an hour): session and token row move together.
    expect((await refresh(s.refreshToken)).status).toBe(200);
    const after = (await stateOf(s.refreshToken)).session_last_used_at.getTime();
    expect(after).toBeGreaterThan(earlier.getTime());
    const session = await server.vitrine.ctx.db.query<{ last_used_at: Date }>(
      'select last_used_at from sessions where site_id = $1 and id = $2',
      [server.siteId, s.sessionId],
    );
    expect(session.rows[0]!.last_used_at.getTime()).toBe(after);
  });

  it('a rotated successor carries its session: member, and a later revocation', async () => {
    const s = await newSession('rotating-client');
    const rotated = await refresh(s.refreshToken, 'rotating-client');
    expect(rotated.status).toBe(200);
    const next = rotated.body.refresh_token!;
    expect(next).not.toBe(s.refreshToken);
    expect(await stateOf(next)).toMatchObject({ member_id: s.memberId, session_revoked_at: null });
    await server.vitrine.ctx.db.transaction((tx) =>
      server.vitrine.ctx.tokens.revokeSession(tx, server.siteId, s.sessionId, 'test'),
    );
    expect((await stateOf(next)).session_revoked_at).not.toBeNull();
    expect((await refresh(next, 'rotating-client')).status).toBe(400);
  });
});

describe('migration 53 on a database that already has sessions', () => {
  it('copies each live token its session state, drops orphaned tokens, and the trigger follows from then on', async () => {
    const db = await openDatabase({});
    try {
      const upTo52 = migrations.filter((m) => m.version <= 52);
      await migrate(db, upTo52);
      const lastUse = new Date('2026-01-02T03:04:05.000Z');
      await db.query(
        `insert into sessions (site_id, id, member_id, client_id, expires_at, last_used_at) values ('s', $1, 'm1', 'c', $2, $3)`,
        ['00000000-0000-4000-8000-000000000001', new Date(Date.now() + 86_400_000), lastUse],
      );
      await db.query(
        `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at) values ('s', $1, $2, 'c', $3)`,
        [hashToken('live'), '00000000-0000-4000-8000-000000000001', new Date(Date.now() + 86_400_000)],
      );
      await db.query(
        `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at) values ('s', $1, $2, 'c', $3)`,
        [hashToken('orphan'), '00000000-0000-4000-8000-000000000002', new Date(Date.now() + 86_400_000)],
      );
      await migrate(db);
      const live = await findRefreshToken(db, 'live');
      expect(live).toMatchObject({ member_id: 'm1', revoked_at: null });
      expect(live!.session_last_used_at.getTime()).toBe(lastUse.getTime());
      expect(await findRefreshToken(db, 'orphan')).toBeUndefined();
      await db.query(`update sessions set revoked_at = now() where site_id = 's' and id = $1`, [
        '00000000-0000-4000-8000-000000000001',
      ]);
      expect((await findRefreshToken(db, 'live'))!.revoked_at).not.toBeNull();
    } finally {
      await db.close();
    }
  });
});
