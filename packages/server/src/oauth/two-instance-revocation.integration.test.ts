import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VitrineApp, loadConfig } from '../../test-support/boot.js';
import { insertMember } from '../members/index.js';
import { openDatabase } from '../store/open.js';
import type { Database } from '../store/types.js';

/**
 * Two server instances on one database (issue #11): nothing on the token path may cache a session
 * past its end. A logout answered by instance A must make the member's refresh token and access
 * token fail on instance B with the very next request, after B has just accepted both.
 * With VITRINE_TEST_DATABASE_URL (PostgreSQL) each instance has its own connection pool on a fresh
 * database; on PGlite the two instances share the one embedded database (it has a single writer).
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
const databaseName = `vitrine_t_${randomBytes(6).toString('hex')}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('logout on one instance ends the session on every instance at once', () => {
  const databases: Database[] = [];
  const instances: { app: VitrineApp; url: string }[] = [];

  beforeAll(async () => {
    let url: string | undefined;
    if (adminUrl) {
      await admin(`create database ${databaseName}`);
      const u = new URL(adminUrl);
      u.pathname = `/${databaseName}`;
      url = u.toString();
    }
    const shared = url ? undefined : await openDatabase({});
    const config = loadConfig({ env: { PUBLIC_URL: 'http://127.0.0.1:8080' }, ephemeral: true, port: 0 });
    for (let i = 0; i < 2; i++) {
      const db = shared ?? (await openDatabase({ databaseUrl: url }));
      if (!databases.includes(db)) databases.push(db);
      // One after the other: the first migrates the database, the second finds it migrated.
      const app = await createApp({
        config: { ...config, host: '127.0.0.1' },
        db,
        logLevel: 'silent',
        mailDelivery: false,
      });
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as { port: number };
      instances.push({ app, url: `http://127.0.0.1:${port}` });
    }
  });

  afterAll(async () => {
    for (const { app } of instances) await app.close();
    for (const db of databases) await db.close();
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  });

  it('refuses the refresh token and the access token on B right after a logout on A', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const ctx = a.app.ctx;
    const { siteId, clientId } = ctx.config.storefront;
    const session = await ctx.db.transaction(async (tx) => {
      const member = await insertMember(tx, {
        siteId,
        email: `two-instances-${randomBytes(4).toString('hex')}@example.com`,
        passwordHash: null,
        emailVerified: true,
        approved: true,
        profile: {},
        now: Date.now(),
      });
      return ctx.tokens.createMemberSession(tx, { siteId, clientId, memberId: member!.id });
    });
    const refresh = (base: string, refreshToken: string) =>
      fetch(`${base}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, grantType: 'refresh_token', refreshToken }),
      });
    const me = (base: string, token: string) =>
      fetch(`${base}/_api/members/v1/members/my`, { headers: { authorization: token } });

    // B accepts both, twice (anything B could remember is warm now).
    let refreshToken = session.refreshToken;
    for (let i = 0; i < 2; i++) {
      const refreshed = await refresh(b.url, refreshToken);
      expect(refreshed.status).toBe(200);
      refreshToken = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
      expect((await me(b.url, session.accessToken)).status).toBe(200);
    }

    const logout = await fetch(`${a.url}/_api/iam/authentication/v1/logout?clientId=${clientId}`, {
      headers: { authorization: session.accessToken },
    });
    expect(logout.status).toBe(200);

    const afterRefresh = await refresh(b.url, refreshToken);
    expect(afterRefresh.status).toBe(400);
    expect(await afterRefresh.json()).toMatchObject({ error: 'invalid_grant' });
    const afterRead = await me(b.url, session.accessToken);
    expect(afterRead.status).toBe(401);
    expect(await afterRead.json()).toMatchObject({ details: { applicationError: { code: 'INVALID_TOKEN' } } });
  });
});
