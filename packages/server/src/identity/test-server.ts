import { randomBytes } from 'node:crypto';
import { createApp } from '../app.js';
import { loadConfig } from '../config/load.js';
import type { ServerConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { registerAdminRoutes } from '../admin/routes.js';
import { registerMailRoutes, startMailDelivery } from '../mail/index.js';
import { openDatabase } from '../store/open.js';
import { registerIdentityRoutes } from './routes.js';

/**
 * Test server for the identity suites: the same as `startTestServer` of testing.ts, except that it
 * mounts the identity, mail and admin routes itself when the app factory does not (yet) do so.
 */
export interface IdentityTestServer {
  url: string;
  clientId: string;
  siteId: string;
  adminKey: string;
  ctx: AppContext;
  close(): Promise<void>;
}

export async function startIdentityServer(options: { site?: (s: SiteConfig) => SiteConfig; config?: (c: ServerConfig) => ServerConfig; now?: () => number } = {}): Promise<IdentityTestServer> {
  const adminKey = randomBytes(24).toString('base64url');
  let config = loadConfig({ env: { VITRINE_ADMIN_KEY: adminKey, PUBLIC_URL: 'http://127.0.0.1:1' }, ephemeral: true, port: 0 });
  if (options.site) config = { ...config, sites: config.sites.map(options.site) };
  if (options.config) config = options.config(config);
  const db = await openDatabase({});
  const vitrine = await createApp({ config, db, logLevel: 'silent', now: options.now });
  const mounted = vitrine.app.hasRoute({ method: 'POST', url: '/_api/iam/authentication/v2/login' });
  let delivery: { stop(): Promise<void> } | undefined;
  if (!mounted) {
    registerIdentityRoutes(vitrine.app, vitrine.ctx);
    registerMailRoutes(vitrine.app, vitrine.ctx);
    registerAdminRoutes(vitrine.app, vitrine.ctx);
    delivery = startMailDelivery(vitrine.ctx, { intervalMs: 50 });
  }
  const address = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('[::1]', '127.0.0.1');
  const placeholder = 'http://127.0.0.1:1';
  config.publicUrl = url;
  for (const site of config.sites) {
    for (const client of site.clients) {
      client.redirectUris = client.redirectUris.map((v) => v.replace(placeholder, url));
      client.allowedOrigins = client.allowedOrigins.map((v) => v.replace(placeholder, url));
    }
  }
  vitrine.ctx.sites.reindex();
  return {
    url,
    clientId: config.storefront.clientId,
    siteId: config.storefront.siteId,
    adminKey,
    ctx: vitrine.ctx,
    async close() {
      await delivery?.stop();
      await vitrine.close();
      await db.close();
    },
  };
}

/** A small JSON client for the tests: status, body, headers. */
export function api(base: string) {
  return async function call(method: string, path: string, options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let payload: string | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: bodies are asserted shape by shape
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, body: json, text, headers: response.headers };
  };
}

export async function visitorToken(base: string, clientId: string): Promise<string> {
  const response = await fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, grantType: 'anonymous' }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}
