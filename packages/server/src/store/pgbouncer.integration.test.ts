/**
 * Issue #27: instances behind PgBouncer in transaction mode with its default settings (Debian's package).
 * Each transaction may run on another server connection, so nothing may outlive one: no start-up
 * parameters PgBouncer refuses (it closed the connection on `statement_timeout`), no named prepared
 * statement reused on a connection that never saw it, no session SET. Needs PostgreSQL
 * (VITRINE_TEST_DATABASE_URL, allowed to create databases) and `pgbouncer`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test-support/database.js';
import { PGBOUNCER_BIN, startPgBouncer, type PgBouncer } from '../../test-support/pgbouncer.js';
import { APP, Kit, pkce, postedMessage, withRedirectClient } from '../../test-support/redirect-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { openDatabase } from './open.js';
import { isStatementTimeout } from './postgres.js';

const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
// Skipped (not empty: an empty table is "no test suite" to Vitest) without PostgreSQL or the pgbouncer binary.
const runs = Boolean(adminUrl && PGBOUNCER_BIN);
const targets = [{ adminUrl: adminUrl ?? '' }];

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Member tokens from `kit`'s instance: a session token (from any instance) through prompt=none and the code. */
async function memberTokens(kit: Kit, sessionToken: string, visitor: string): Promise<Tokens> {
  const p = pkce();
  const request = kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken }, 'none');
  const { body } = await kit.redirectSession(request, visitor);
  const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
  const res = await kit.post('/oauth2/token', {
    clientId: APP.clientId,
    grantType: 'authorization_code',
    code,
    codeVerifier: p.verifier,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

describe.skipIf(!runs).each(targets)('two instances behind one PgBouncer in transaction mode', ({ adminUrl }) => {
  let bouncer: PgBouncer;
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let url: string;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    bouncer = await startPgBouncer({ upstream: adminUrl });
    database = await createPostgresTestDatabase(adminUrl);
    smtp = await startTestSmtp();
    url = bouncer.url(new URL(database.url).pathname.slice(1));
    for (let i = 0; i < 2; i++)
      servers.push(
        await startTestServer({
          databaseUrl: url,
          site: withRedirectClient,
          config: (c) => ({ ...c, smtpUrl: smtp.url }),
        }),
      );
    // Instances behind one load balancer share PUBLIC_URL, the issuer of their tokens.
    servers[1]!.ctx.config.publicUrl = servers[0]!.url;
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await smtp?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it('sees the pooler: unnamed statements, the statement timeout per transaction', () => {
    for (const server of servers)
      expect(server.ctx.db.connection).toEqual({
        path: 'pooler',
        preparedStatements: 'unnamed',
        statementTimeout: 'set local',
      });
  });

  it('sign-up, sign-in, refresh, data items, logout and the mail outbox across both instances', async () => {
    const [a, b] = servers.map((s) => new Kit(s)) as [Kit, Kit];
    const statuses: number[] = [];
    const seen = <T extends Response>(res: T) => (statuses.push(res.status), res);

    // Sign-up on A, sign-in on B with the password, member tokens from B.
    const member = await a.member();
    const login = seen(
      await b.post(
        '/_api/iam/authentication/v2/login',
        { loginId: { email: member.email }, password: member.password },
        { authorization: (await b.visitor()).access_token },
      ),
    );
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const visitorB = await b.visitor();
    let tokens = await memberTokens(b, sessionToken, visitorB.access_token);

    // Many refreshes, alternating instances and at the same time: every hot statement meets every
    // server connection PgBouncer hands out (named statements failed here: "vitrine_6 already exists").
    for (let round = 0; round < 6; round++) {
      const kit = round % 2 ? a : b;
      const res = seen(
        await kit.post('/oauth2/token', {
          clientId: APP.clientId,
          grantType: 'refresh_token',
          refreshToken: tokens.refresh_token,
        }),
      );
      expect(res.status).toBe(200);
      tokens = (await res.json()) as Tokens;
      const visitors = await Promise.all([...Array(6)].map((_, i) => (i % 2 ? a : b).visitor()));
      expect(visitors.every((v) => v.access_token)).toBe(true);
    }

    // A member-owned item written through A, read through B.
    const auth = { authorization: tokens.access_token };
    const inserted = seen(
      await a.post(
        '/wix-data/v2/items',
        { dataCollectionId: 'Cart', dataItem: { data: { sku: 'tea', qty: 2 } } },
        auth,
      ),
    );
    expect(inserted.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const mine = seen(await (i % 2 ? a : b).post('/wix-data/v2/items/query', { dataCollectionId: 'Cart' }, auth));
      expect(mine.status).toBe(200);
      expect(((await mine.json()) as { dataItems: { data: { sku: string } }[] }).dataItems).toMatchObject([
        { data: { sku: 'tea' } },
      ]);
    }

    // The mail outbox: queued by A's request, delivered once by whichever instance leases it.
    seen(
      await b.post(
        '/_api/iam/recovery/v1/send-email',
        { email: member.email },
        { authorization: visitorB.access_token },
      ),
    );
    await waitFor(() => smtp.received.find((m) => m.to.includes(member.email)));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes(member.email))).toHaveLength(1);

    // Logout on B ends the session on A.
    const logout = seen(
      await fetch(`${b.server.url}/_api/iam/authentication/v1/logout?clientId=${APP.clientId}`, { headers: auth }),
    );
    expect(logout.status).toBe(200);
    const after = await a.post('/oauth2/token', {
      clientId: APP.clientId,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    });
    expect(after.status).toBe(400);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(bouncer.log()).not.toMatch(/unsupported startup parameter|pooler error/);
  });

  it('cancels a long statement with SET LOCAL and leaves no setting on the shared server connections', async () => {
    const db = await openDatabase({ databaseUrl: url, statementTimeoutMs: 200 });
    try {
      const failure = (p: Promise<unknown>) =>
        p.then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isStatementTimeout(await failure(db.query('select pg_sleep(1)')))).toBe(true);
      expect(isStatementTimeout(await failure(db.transaction((tx) => tx.query('select pg_sleep(1)'))))).toBe(true);
      await db.transaction((tx) => tx.exec('select pg_sleep(0.4)'));
      await db.exec('select pg_sleep(0.4)');
      // A statement's own limit (the count's, data/read-limits.ts): shorter works, longer stays the pool's.
      expect(isStatementTimeout(await failure(db.queryWithin!(20, 'select pg_sleep(0.1)')))).toBe(true);
      expect(isStatementTimeout(await failure(db.queryWithin!(5_000, 'select pg_sleep(0.4)')))).toBe(true);
      expect((await db.queryWithin!(5_000, 'select 1 as one')).rows).toEqual([{ one: 1 }]);
      // A plain client of the same PgBouncer sees PostgreSQL's default, whichever server connection it gets.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let i = 0; i < 5; i++)
          expect((await client.query("select current_setting('statement_timeout') as t")).rows[0].t).toBe('0');
      } finally {
        await client.end();
      }
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!runs).each(targets)('a PgBouncer pool run dry', ({ adminUrl }) => {
  it('answers 503 DATABASE_BUSY when PgBouncer gives up the wait (query_wait_timeout), then serves again', async () => {
    const bouncer = await startPgBouncer({
      upstream: adminUrl,
      settings: { default_pool_size: 1, query_wait_timeout: 1 },
    });
    const database = await createPostgresTestDatabase(adminUrl);
    const server = await startTestServer({ databaseUrl: bouncer.url(new URL(database.url).pathname.slice(1)) });
    const query = () =>
      fetch(`${server.url}/wix-data/v2/items/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataCollectionId: 'Products' }),
      });
    try {
      expect((await query()).status).toBe(200);
      // The one server connection PgBouncer may open is held; the next statement queues in PgBouncer.
      const held = server.ctx.db.transaction((tx) => tx.query('select pg_sleep(3)'));
      await new Promise((r) => setTimeout(r, 200));
      const busy = await query();
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toMatchObject({ details: { applicationError: { code: 'DATABASE_BUSY' } } });
      await held;
      expect((await query()).status).toBe(200);
      expect((await query()).status).toBe(200);
    } finally {
      await server.close();
      await bouncer.stop();
      await database.drop();
    }
  }, 30_000);
});
