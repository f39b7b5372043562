import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTestServer, type TestServer, type TestServerOptions } from '../testing.js';

/**
 * The identity suites' server: the app's own test server (identity, mail and admin routes are mounted
 * by the app factory, mail delivered every 50 ms when SMTP is configured). Kept as a named alias so
 * the suites read the same whatever the shared harness grows into.
 */
export type IdentityTestServer = TestServer;

export async function startIdentityServer(options: TestServerOptions = {}): Promise<IdentityTestServer> {
  const admin = process.env.VITRINE_TEST_DATABASE_URL;
  if (!admin || options.databaseUrl) return startTestServer(options);
  // On a real PostgreSQL server each suite gets a database of its own (dropped on close), so
  // counters and rows of parallel suites never meet.
  const name = `vitrine_t_${randomBytes(6).toString('hex')}`;
  await runAdmin(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const server = await startTestServer({ ...options, databaseUrl: url.toString() });
  return {
    ...server,
    async close() {
      await server.close();
      await runAdmin(admin, `drop database if exists ${name}`);
    },
  };
}

async function runAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
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
