import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type VitrineApp } from '../src/app.js';
import { loadConfig } from '../src/config-files/load.js';
import type { ServerConfig, SiteConfig } from '../src/config/types.js';
import type { AppContext } from '../src/context.js';
import { openDatabase } from '../src/store/open.js';
import { createPostgresTestDatabase, openMigratedPglite } from './database.js';
import { testPgBouncer } from './pgbouncer.js';
import { withTestCatalog } from './data-catalog.js';

export interface TestServerOptions {
  /** Changes to the demo site (policies, clients, collections…). */
  site?: (site: SiteConfig) => SiteConfig;
  /** Changes to the whole config, applied after `site`. */
  config?: (config: ServerConfig) => ServerConfig;
  /** `postgres://…` to run on a real server; default: in-memory PGlite. */
  databaseUrl?: string;
  now?: () => number;
  /** Extra routes a test needs, mounted before the server starts listening. */
  routes?: (app: VitrineApp['app'], ctx: AppContext) => void;
}

export interface TestServer {
  url: string;
  clientId: string;
  siteId: string;
  adminKey: string;
  ctx: AppContext;
  vitrine: VitrineApp;
  close(): Promise<void>;
}

/**
 * A real Vitrine server on a free port of 127.0.0.1, with the demo site and an in-memory database:
 * what integration, compat and browser tests talk to. With `VITRINE_TEST_DATABASE_URL` (a PostgreSQL
 * URL allowed to create databases) every test server runs on a fresh PostgreSQL database instead, and with
 * `VITRINE_TEST_PGBOUNCER=1` reaches it through a PgBouncer in transaction mode (test-support/pgbouncer.ts).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const admin = process.env.VITRINE_TEST_DATABASE_URL;
  if (!admin || options.databaseUrl) return startOn(options);
  const database = await createPostgresTestDatabase(admin);
  const bouncer = await testPgBouncer(admin);
  const url = bouncer ? bouncer.url(new URL(database.url).pathname.slice(1)) : database.url;
  const server = await startOn({ ...options, databaseUrl: url });
  return {
    ...server,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

async function startOn(options: TestServerOptions): Promise<TestServer> {
  const adminKey = randomBytes(24).toString('base64url');
  let config = loadConfig({
    env: { VITRINE_ADMIN_KEY: adminKey, PUBLIC_URL: 'http://127.0.0.1:1' },
    ephemeral: true,
    port: 0,
  });
  // The port is known only after listening; the public URL is fixed up below before any token is issued.
  const db = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl })
    : await openMigratedPglite();
  // Backups a test server takes (the route fuzz asks for some) go to a folder of its own, made on first use
  // and removed at close: never the working directory's .vitrine/, where they would outlive the run.
  const backupsDir = join(tmpdir(), `vitrine-test-backups-${randomBytes(6).toString('hex')}`);
  config = { ...config, backups: { keep: 7, ...config.backups, dir: backupsDir } };
  // The data suites' typed, translated `Products` collection (data-catalog.ts): the demo site no longer has one.
  config = {
    ...config,
    sites: config.sites.map((s) => (s.id === config.storefront.siteId ? withTestCatalog(s) : s)),
  };
  if (options.site) config = { ...config, sites: config.sites.map(options.site) };
  if (options.config) config = options.config(config);
  // Warnings are read, not printed: a route that sends a second answer (Fastify's FST_ERR_REP_ALREADY_SENT)
  // fails the test server's close, since the code after the first answer has run on wrongly (audit V5-15).
  const doubleReplies: string[] = [];
  const logStream = {
    write(line: string) {
      if (line.includes('FST_ERR_REP_ALREADY_SENT')) doubleReplies.push(line);
    },
  };
  const vitrine = await createApp({ config, db, logLevel: 'warn', logStream, now: options.now, mailPollMs: 50 });
  options.routes?.(vitrine.app, vitrine.ctx);
  const address = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('[::1]', '127.0.0.1');
  retarget(config, url);
  vitrine.ctx.sites.reindex();
  return {
    url,
    clientId: config.storefront.clientId,
    siteId: config.storefront.siteId,
    adminKey,
    ctx: vitrine.ctx,
    vitrine,
    async close() {
      await vitrine.close();
      await db.close();
      rmSync(backupsDir, { recursive: true, force: true });
      if (doubleReplies.length)
        throw new Error(`the server answered a request twice: ${doubleReplies.slice(0, 3).join(' ').slice(0, 2000)}`);
    },
  };
}

/**
 * The operator's switch (`webhooks.allowPrivateNetworks`) on: every outbound request (http/outbound/) may
 * reach 127.0.0.1, where a suite's fake provider, verifier or push service listens. Off by default, as in
 * production; the suites that prove the guard keep it off.
 */
export const withLoopbackPeers = (config: ServerConfig): ServerConfig => ({
  ...config,
  webhooks: { ...config.webhooks, allowPrivateNetworks: true },
});

/** Points the public URL and the demo client's origins at the port the test server really got. */
function retarget(config: ServerConfig, url: string): void {
  const placeholder = 'http://127.0.0.1:1';
  const swap = (value: string) =>
    value.replace(placeholder, url).replace('http://localhost:1', url.replace('127.0.0.1', 'localhost'));
  config.publicUrl = url;
  for (const site of config.sites) {
    for (const client of site.clients) {
      client.redirectUris = client.redirectUris.map(swap);
      client.allowedOrigins = client.allowedOrigins.map(swap);
    }
  }
}

/** Fresh visitor tokens from the server's token endpoint. */
export async function getVisitorToken(
  url: string,
  clientId: string,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, grantType: 'anonymous' }),
  });
  if (response.status !== 200) throw new Error(`anonymous grant failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/**
 * Drives the unmodified @wix/* clients against a local Vitrine (docs/wire-format.md §12): their hosts are
 * hard-coded, so global `fetch` is wrapped and requests for www/edge.wixapis.com are re-addressed to
 * the local server with method, headers and body untouched.
 */
const WIX_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com']);

export interface RoutedRequest {
  host: string;
  method: string;
  path: string;
}

export function routeWixToLocal(baseUrl: string): { restore(): void; seen: RoutedRequest[]; realFetch: typeof fetch } {
  const realFetch = globalThis.fetch;
  const seen: RoutedRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    if (!WIX_HOSTS.has(url.hostname)) return realFetch(input, init);
    const local = `${baseUrl}${url.pathname}${url.search}`;
    seen.push({ host: url.hostname, method: init?.method ?? request?.method ?? 'GET', path: url.pathname });
    return realFetch(request ? new Request(local, request) : local, init);
  }) as typeof fetch;
  return { restore: () => void (globalThis.fetch = realFetch), seen, realFetch };
}

/**
 * A member session (access and refresh tokens) for the member registered with `email`, made by the token service
 * as a finished sign-in would: for tests about what a signed-in member does next, not about signing in.
 */
export async function memberSessionByEmail(server: TestServer, email: string) {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    'select id from members where site_id = $1 and email_key = $2',
    [server.siteId, email],
  );
  if (!rows[0]) throw new Error(`No member ${email} on ${server.siteId}`);
  const memberId = rows[0].id;
  return server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
}
