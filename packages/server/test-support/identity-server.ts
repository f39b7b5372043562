import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/**
 * The identity suites' server: the app's own test server (on PostgreSQL when
 * `VITRINE_TEST_DATABASE_URL` is set). Kept as a named alias so the suites read the same.
 */
export type IdentityTestServer = TestServer;

export function startIdentityServer(options: TestServerOptions = {}): Promise<IdentityTestServer> {
  return startTestServer(options);
}

/** A small JSON client for the tests: status, body, headers. */
export function api(base: string) {
  return async function call(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {},
  ) {
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
