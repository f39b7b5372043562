import type { TestServer } from './server.js';

/** Tests only: a console client that keeps the owner cookie and sends the CSRF value, as the app does. */
export interface ConsoleClient {
  cookie: string | undefined;
  csrf: string | undefined;
  call(
    method: string,
    path: string,
    body?: unknown,
    options?: { csrf?: string | null },
  ): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function consoleClient(base: string): ConsoleClient {
  const client: ConsoleClient = {
    cookie: undefined,
    csrf: undefined,
    async call(method, path, body, options = {}) {
      const headers: Record<string, string> = {};
      if (client.cookie) headers.cookie = client.cookie;
      const csrf = options.csrf === undefined ? client.csrf : options.csrf;
      if (csrf) headers['x-vitrine-csrf'] = csrf;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('vitrine_owner=') || c.startsWith('__Host-vitrine_owner='));
      if (setCookie) {
        const pair = setCookie.split(';')[0]!;
        client.cookie = pair.endsWith('=') ? undefined : pair;
      }
      const text = await response.text();
      const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      if (json && typeof json.csrfToken === 'string') client.csrf = json.csrfToken;
      return { status: response.status, body: json, headers: response.headers };
    },
  };
  return client;
}

/** Invites an owner with the admin key and follows the setup link; returns the link's token too. */
export async function addOwner(
  server: TestServer,
  email: string,
  role: string,
  password: string,
  siteIds?: string[],
): Promise<{ setupUrl: string }> {
  const invited = await fetch(`${server.url}/_admin/v1/owners`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role, siteIds }),
  });
  if (invited.status !== 200) throw new Error(`invite answered ${invited.status}: ${await invited.text()}`);
  const { setupUrl } = (await invited.json()) as { setupUrl: string };
  const token = new URL(setupUrl).searchParams.get('token');
  const setup = await fetch(`${server.url}/_admin/v1/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
  return { setupUrl };
}

export async function signedIn(
  server: TestServer,
  email: string,
  role: string,
  password = 'console password 1',
  siteIds?: string[],
): Promise<ConsoleClient> {
  await addOwner(server, email, role, password, siteIds);
  const client = consoleClient(server.url);
  const res = await client.call('POST', '/_admin/v1/console/sign-in', { email, password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return client;
}
