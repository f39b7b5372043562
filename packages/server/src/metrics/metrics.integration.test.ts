import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The local addresses of the IPv4 and IPv6 sockets listening on `port`, as the kernel lists them (Linux). */
function listeningAddresses(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(1) : [];
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hex}`)) continue; // 0A: LISTEN
      const address = local.slice(0, -5);
      found.push(
        address.length === 8
          ? (address.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : `ipv6:${address}`,
      );
    }
  }
  return found;
}

/** The value of one sample line (`name{labels} value`) of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('/metrics off by default', () => {
  it('is not served on the public port', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/metrics on the public port (metrics.public)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: (c) => ({ ...c, metrics: { public: true } }) });
  });
  afterAll(() => server.close());

  it('asks for the admin key', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer not-the-admin-key-at-all' },
    });
    expect(wrong.status).toBe(401);
  });

  it('reports requests, grants, sign-ins, outboxes, statements, the event loop and memory', async () => {
    const call = api(server.url);
    const token = await visitorToken(server.url, server.clientId);
    const bad = await call('POST', '/oauth2/token', {
      body: { clientId: server.clientId, grantType: 'refresh_token', refreshToken: 'x' },
    });
    expect(bad.status).toBe(400);
    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      token,
      body: { loginId: { email: 'nobody-here@example.com' }, password: 'not the password 1' },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    await call('GET', '/healthz');
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const healthz = { method: 'GET', route: '/healthz', status: '200' };
    expect(sample(text, 'vitrine_http_request_duration_seconds_count', healthz)).toBe(1);
    expect(sample(text, 'vitrine_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' })).toBe(1);
    expect(sample(text, 'vitrine_token_grants_total', { grant_type: 'anonymous', outcome: 'success' })).toBe(1);
    expect(sample(text, 'vitrine_token_grants_total', { grant_type: 'refresh_token', outcome: 'failure' })).toBe(1);
    expect(
      sample(text, 'vitrine_sign_ins_total', { who: 'member', outcome: 'failure', reason: 'bad_credentials' }),
    ).toBe(1);
    expect(sample(text, 'vitrine_outbox_pending', { outbox: 'mail' })).toBe(0);
    expect(sample(text, 'vitrine_outbox_oldest_age_seconds', { outbox: 'webhook' })).toBe(0);
    expect(sample(text, 'vitrine_db_statement_duration_seconds_count', { kind: server.ctx.db.kind })).toBeGreaterThan(
      10,
    );
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    // A path no route matches is one series, whatever the path.
    await fetch(`${server.url}/no/such/path/${Date.now()}`);
    const again = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminKey}` } })
    ).text();
    expect(sample(again, 'vitrine_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    if (server.ctx.db.kind === 'postgres')
      expect(sample(again, 'vitrine_db_pool_connections', { state: 'max' })).toBe(10);
  });

  it('counts what waits in the mail outbox and how old the oldest is', async () => {
    const sent = new Date(server.ctx.now() - 120_000);
    await server.ctx.db.query(
      `insert into mail_outbox (site_id, id, kind, to_address, subject, text_body, html_body, created_at, next_attempt_at)
       values ('demo', gen_random_uuid(), 'test', 'a@example.com', 's', 't', 'h', $1, $2)`,
      [sent, new Date(server.ctx.now() + 3_600_000)],
    );
    const text = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminKey}` } })
    ).text();
    expect(sample(text, 'vitrine_outbox_pending', { outbox: 'mail' })).toBe(1);
    expect(sample(text, 'vitrine_outbox_oldest_age_seconds', { outbox: 'mail' })).toBeGreaterThanOrEqual(119);
  });

  it('counts an unknown address and a wrong password under one reason (audit V5-11: no enumeration oracle)', async () => {
    const call = api(server.url);
    const token = await visitorToken(server.url, server.clientId);
    const email = `known-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token,
      body: { loginId: { email }, password: 'correct horse battery' },
    });
    expect(registered.status).toBe(200);
    const read = async () =>
      (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminKey}` } })).text();
    const failures = { who: 'member', outcome: 'failure', reason: 'bad_credentials' };
    const before = sample(await read(), 'vitrine_sign_ins_total', failures) ?? 0;
    for (const loginEmail of [email, `unknown-${Date.now()}@example.com`]) {
      const login = await call('POST', '/_api/iam/authentication/v2/login', {
        token,
        body: { loginId: { email: loginEmail }, password: 'not the password 1' },
      });
      expect(login.status).toBe(400);
    }
    const text = await read();
    expect(sample(text, 'vitrine_sign_ins_total', failures)).toBe(before + 2);
    expect(text).not.toMatch(/reason="(unknown_account|wrong_password|no_password)"/);
  });
});

describe('/metrics on its own port (metrics.port)', () => {
  it("binds to the loopback interface, not the server's HOST, unless metrics.host names another (audit V5-11)", async () => {
    const port = await freePort();
    const server = await startTestServer({
      config: (c) => ({ ...c, host: '0.0.0.0', metrics: { port, public: false } }),
    });
    try {
      expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
    } finally {
      await server.close();
    }
  });

  it('serves the metrics there without a key, and not on the public port', async () => {
    const port = await freePort();
    const server = await startTestServer({
      config: (c) => ({ ...c, metrics: { port, host: '127.0.0.1', public: false } }),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE vitrine_http_request_duration_seconds histogram');
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
