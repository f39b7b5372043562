/**
 * Test server for the data API: the real app (createApp) on an in-memory database, with the data routes and
 * seeding added when the app does not register them itself yet, plus token helpers for each kind of caller.
 */
import { randomBytes } from 'node:crypto';
import { createApp, type VitrineApp } from '../app.js';
import { loadConfig } from '../config/load.js';
import type { ServerConfig } from '../config/types.js';
import { openDatabase } from '../store/open.js';
import { DATA_PREFIXES, registerDataRoutes } from './routes.js';
import { seedCollections } from './seed.js';

export interface DataServer {
  url: string;
  siteId: string;
  clientId: string;
  adminKey: string;
  vitrine: VitrineApp;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
  call(path: string, init?: { method?: string; body?: unknown; auth?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  visitorToken(): Promise<string>;
  memberToken(memberId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startDataServer(change: (config: ServerConfig) => ServerConfig = (c) => c): Promise<DataServer> {
  const adminKey = randomBytes(24).toString('base64url');
  const config = change(loadConfig({ env: { VITRINE_ADMIN_KEY: adminKey, PUBLIC_URL: 'http://127.0.0.1:1' }, ephemeral: true, port: 0 }));
  const db = await openDatabase({});
  const vitrine = await createApp({ config, db, logLevel: 'silent' });
  if (!vitrine.app.hasRoute({ method: 'POST', url: `${DATA_PREFIXES[0]}/items` })) {
    registerDataRoutes(vitrine.app, vitrine.ctx);
    await seedCollections(vitrine.ctx);
  }
  const url = (await vitrine.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const siteId = config.storefront.siteId;
  const clientId = config.storefront.clientId;
  return {
    url,
    siteId,
    clientId,
    adminKey,
    vitrine,
    async call(path, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.auth) headers.authorization = init.auth;
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // leave as text
      }
      return { status: response.status, body, headers: response.headers };
    },
    async visitorToken() {
      const response = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, grantType: 'anonymous' }),
      });
      if (response.status !== 200) throw new Error(`anonymous grant failed: ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async memberToken(memberId) {
      const tokens = await db.transaction((tx) => vitrine.ctx.tokens.createMemberSession(tx, { siteId, clientId, memberId }));
      return tokens.accessToken;
    },
    async close() {
      await vitrine.close();
      await db.close();
    },
  };
}
