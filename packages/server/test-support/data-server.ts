/**
 * Test server for the data API: the shared test server (real app, demo site, in-memory PGlite or a fresh
 * PostgreSQL database) plus a JSON call helper and tokens for each kind of caller.
 */
import type { VitrineApp } from '../src/app.js';
import type { ServerConfig } from '../src/config/types.js';
import { getVisitorToken, startTestServer } from './server.js';

export interface DataServer {
  url: string;
  siteId: string;
  clientId: string;
  adminKey: string;
  vitrine: VitrineApp;
  // Response bodies are asserted field by field.
  call(
    path: string,
    init?: { method?: string; body?: unknown; auth?: string; headers?: Record<string, string> },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; headers: Headers }>;
  visitorToken(): Promise<string>;
  memberToken(memberId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startDataServer(change: (config: ServerConfig) => ServerConfig = (c) => c): Promise<DataServer> {
  const server = await startTestServer({ config: change });
  const { url, siteId, clientId, ctx } = server;
  return {
    url,
    siteId,
    clientId,
    adminKey: server.adminKey,
    vitrine: server.vitrine,
    async call(path, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.auth) headers.authorization = init.auth;
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body:
          init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
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
      return (await getVisitorToken(url, clientId)).access_token;
    },
    async memberToken(memberId) {
      const tokens = await ctx.db.transaction((tx) =>
        ctx.tokens.createMemberSession(tx, { siteId, clientId, memberId }),
      );
      return tokens.accessToken;
    },
    close: () => server.close(),
  };
}
