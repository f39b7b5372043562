import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * Exactly once across instances, and nothing lost across a kill -9. On PostgreSQL
 * (`VITRINE_TEST_DATABASE_URL` / `TEST_DATABASE_URL`, as CI sets them) each instance has its own pool on
 * one fresh database; without one, the instances share one embedded database (the kill -9 case then
 * reopens the killed process's data directory).
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL || process.env.TEST_DATABASE_URL;
const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let receiver: Receiver;
let databaseUrl: string | undefined;
let dbName: string | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  if (adminUrl) {
    dbName = `vitrine_wh_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
});

afterAll(async () => {
  await receiver?.close();
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
});

const fast = { allowPrivateNetworks: true, pollMs: 20 };

describe('several instances', () => {
  it('deliver each event to each endpoint exactly once', async () => {
    const a = await startTestServer({ databaseUrl, config: (c) => ({ ...c, webhooks: fast }) });
    // Without PostgreSQL the second instance shares the first one's embedded database.
    const b: TestServer = databaseUrl
      ? await startTestServer({ databaseUrl, config: (c) => ({ ...c, webhooks: fast }) })
      : await (async () => {
          const { createApp } = await import('../../test-support/boot.js');
          const vitrine = await createApp({
            config: { ...a.ctx.config, webhooks: fast },
            db: a.ctx.db,
            logLevel: 'silent',
          });
          const url = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
          return { ...a, url, ctx: vitrine.ctx, vitrine, close: () => vitrine.close() };
        })();
    try {
      const hook = await api(a.url)('POST', '/_admin/v1/webhooks', {
        headers: { authorization: `Bearer ${a.adminKey}` },
        body: { siteId: a.siteId, url: receiver.url, events: ['item.inserted'] },
      });
      expect(hook.status).toBe(201);
      const before = receiver.received.length;
      const writes = [];
      for (let i = 0; i < 10; i++) {
        const target = i % 2 ? b : a;
        const items = Array.from({ length: 20 }, (_, j) => ({
          data: { _id: `multi-${i}-${j}`, title: `M ${i}.${j}` },
        }));
        writes.push(
          api(target.url)('POST', '/wix-data/v2/bulk/items/insert', {
            headers: { authorization: target.adminKey },
            body: { dataCollectionId: 'Products', dataItems: items },
          }),
        );
      }
      for (const w of await Promise.all(writes)) expect(w.body.bulkActionMetadata.totalSuccesses).toBe(20);
      await receiver.waitFor((all) => all.length - before >= 200, 30_000);
      // Both instances poll every 20 ms: give a duplicate time to show up before counting.
      await new Promise((r) => setTimeout(r, 500));
      const got = receiver.received.slice(before);
      expect(got).toHaveLength(200);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(200);
      expect(new Set(got.map((r) => (r.json.data as { id: string }).id)).size).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('kill -9 between commit and delivery', () => {
  it('loses nothing: a new instance delivers what the killed one committed', async () => {
    const build = mkdtempSync(join(serverRoot, '.webhooks-kill-test-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-kill-'));
    let child: ChildProcess | undefined;
    try {
      // The real server entry (src/main.ts) bundled into one file, in a real process; the message catalogs
      // are data files read at start, so they go beside it as `npm run build` puts them beside i18n/.
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: [join(serverRoot, 'src', 'main.ts')],
        outdir: join(build, 'x'),
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'error',
      });
      cpSync(join(serverRoot, 'src', 'i18n', 'catalogs'), join(build, 'x', 'catalogs'), { recursive: true });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const adminKey = randomBytes(24).toString('base64url');
      const { createApp } = await import('../../test-support/boot.js');
      const { loadConfig } = await import('../../test-support/boot.js');
      const config = loadConfig({
        env: { VITRINE_ADMIN_KEY: adminKey, PUBLIC_URL: url, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
        dataDir,
        port: 0,
      });
      // The child has no config file, so private networks are off there: the endpoint on the receiver
      // (127.0.0.1) is created first by an instance that allows them, on the same database.
      const setup = await createApp({ config: { ...config, webhooks: fast }, logLevel: 'silent' });
      try {
        const hook = await setup.app.inject({
          method: 'POST',
          url: '/_admin/v1/webhooks',
          headers: { authorization: `Bearer ${adminKey}` },
          payload: { siteId: 'demo', url: receiver.url, events: ['member.created'] },
        });
        expect(hook.statusCode).toBe(201);
      } finally {
        await setup.close();
      }
      child = spawn(
        process.execPath,
        [join(build, 'x', 'main.js'), '--port', String(port), '--data-dir', dataDir, '--host', '127.0.0.1'],
        {
          // This instance writes events but never delivers: the kill lands between commit and delivery.
          env: {
            ...process.env,
            VITRINE_WEBHOOK_DELIVERY: '0',
            VITRINE_ADMIN_KEY: adminKey,
            PUBLIC_URL: url,
            DATABASE_URL: databaseUrl ?? '',
            VITRINE_CONFIG: '',
            LOG_LEVEL: 'silent',
            NODE_ENV: 'development',
          },
          stdio: 'ignore',
        },
      );
      for (let i = 0; ; i++) {
        const up = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 600) throw new Error('the child server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
      const call = api(url);
      const email = `killed-${Date.now()}@example.com`;
      const registered = await call('POST', '/_api/iam/authentication/v2/register', {
        token: await visitorToken(url, 'demo-storefront'),
        body: { loginId: { email }, password: 'a long passphrase 1' },
      });
      expect(registered.status).toBe(200);
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      expect(receiver.received.some((r) => r.json.type === 'member.created' && r.json.data.email === email)).toBe(
        false,
      );

      const next = await createApp({ config: { ...config, webhooks: fast }, logLevel: 'silent' });
      try {
        const got = await receiver.waitFor(
          (all) => all.some((r) => r.json.type === 'member.created' && r.json.data.email === email),
          30_000,
        );
        expect(got.filter((r) => r.json.data.email === email)).toHaveLength(1);
      } finally {
        await next.close();
      }
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      rmSync(build, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
