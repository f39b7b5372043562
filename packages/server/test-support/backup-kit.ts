import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { vi } from 'vitest';
import { startServer, type RunningServer } from '../src/cli.js';
import { loadConfig } from '../src/config-files/load.js';
import type { ServerConfig } from '../src/config/types.js';
import { AccountKit } from './account-kit.js';
import { Kit, withRedirectClient } from './redirect-kit.js';
import type { TestServer } from './server.js';
import { withTestCatalog } from './data-catalog.js';

/**
 * The backup and move tests' helpers (issue #33): real servers on a data directory (or a PostgreSQL URL),
 * one after another on the same port so tokens issued by the first (issuer = public URL) are checked by
 * the next, and a member session's tokens.
 */
export const BACKUP_ADMIN_KEY = 'backup-test-admin-key-0123456789';
export const BACKUP_KEK = randomBytes(32).toString('base64');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The env the CLI reads (main() loads its config from process.env), stubbed for the test's duration. */
export function stubBackupEnv(port: number): void {
  const env = { ...stubEnvValues(port), VITRINE_DATA_WRITE_RATE_LIMIT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' };
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
}

export function backupConfig(
  port: number,
  where: { dataDir: string; databaseUrl?: string },
  extra: (c: ServerConfig) => ServerConfig = (c) => c,
) {
  const config = loadConfig({
    env: { ...stubEnvValues(port), ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}) },
    dataDir: where.dataDir,
    port,
  });
  config.host = '127.0.0.1';
  // The backup suites write to the data suites' `Products` collection (data-catalog.ts).
  return extra({ ...config, sites: config.sites.map((s) => withRedirectClient(withTestCatalog(s))) });
}

function stubEnvValues(port: number) {
  return {
    VITRINE_ADMIN_KEY: BACKUP_ADMIN_KEY,
    VITRINE_KEY_ENCRYPTION_KEY: BACKUP_KEK,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/** A server on `config` and the redirect/account kits that talk to it. */
export async function startBackupServer(config: ServerConfig) {
  const server: RunningServer = await startServer(config);
  const testServer = {
    url: server.localUrl,
    clientId: config.storefront.clientId,
    siteId: config.storefront.siteId,
    adminKey: config.adminKey,
    ctx: server.vitrine.ctx,
    vitrine: server.vitrine,
    close: () => server.close(),
  } satisfies TestServer;
  const kit = new Kit(testServer);
  return { server, kit, account: new AccountKit(kit) };
}

/** What proves a member session still works: its access token reads the member, its refresh token renews. */
export async function sessionWorks(
  url: string,
  tokens: { accessToken: string; refreshToken: string },
  clientId: string,
) {
  const me = await fetch(`${url}/_api/members/v1/members/my`, { headers: { authorization: tokens.accessToken } });
  const renewed = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, grantType: 'refresh_token', refreshToken: tokens.refreshToken }),
  });
  const body = (await renewed.json()) as { access_token?: string };
  return {
    me: me.status,
    refresh: renewed.status,
    renewedKid: body.access_token ? kidOf(body.access_token) : undefined,
  };
}

export const kidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
