import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';
import { postWebhook } from './send.js';
import type { ResolveAll } from '../http/outbound/index.js';

/**
 * Audit S-13: a server with the default config (development, no `webhooks` settings) refuses private
 * networks and every IPv6 form embedding a refused IPv4 address, at creation and at delivery (after the
 * name is resolved), and its delivery errors never say what a host resolved to. A real server and a real
 * receiver on 127.0.0.1, which this server must not reach.
 */
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const RESOLVED =
  'the host resolves to an address that is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)';
const LITERAL =
  "the URL's address is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)";

let server: TestServer;
let receiver: Receiver;
let call: ReturnType<typeof api>;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });
const port = () => new URL(receiver.url).port;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    site: (s) => ({
      ...s,
      // Config-file endpoints are not checked when the file is read: the guard refuses them at delivery.
      webhooks: [
        { id: 'by-name', url: `http://localhost:${port()}/internal`, secret: SECRET, events: ['webhook.test'] },
        { id: 'by-literal', url: `http://127.0.0.1:${port()}/internal`, secret: SECRET, events: ['webhook.test'] },
      ],
    }),
    config: (c) => ({ ...c, webhooks: c.webhooks && { ...c.webhooks, pollMs: 50 } }),
  });
  call = api(server.url);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const create = (url: string) =>
  call('POST', '/_admin/v1/webhooks', {
    headers: admin(),
    body: { siteId: server.siteId, url, events: ['webhook.test'] },
  });

describe('at creation, with the default config', () => {
  it('the default is off in development', () => {
    expect(server.ctx.config.production).toBe(false);
    expect(server.ctx.config.webhooks?.allowPrivateNetworks).toBe(false);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:18522/internal'],
    ['localhost', 'http://localhost:18522/internal'],
    ['localhost with a trailing dot', 'http://localhost.:18522/internal'],
    ['RFC 1918', 'http://10.1.2.3/j'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest'],
    ['CGNAT', 'http://100.64.0.1/j'],
    ['unique-local', 'http://[fd00::1]/j'],
    ['IPv4-compatible', 'http://[::127.0.0.1]:18522/j'],
    ['IPv4-compatible, public IPv4', 'http://[::93.184.216.34]/j'],
    ['IPv4-mapped', 'http://[::ffff:127.0.0.1]:18522/j'],
    ['NAT64 well-known', 'http://[64:ff9b::127.0.0.1]:18522/j'],
    ['NAT64 local-use', 'http://[64:ff9b:1::a00:1]/j'],
    ['6to4', 'http://[2002:7f00:1::1]/j'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/j'],
    ['IPv4-translated', 'http://[::ffff:0:127.0.0.1]/j'],
    ['ISATAP', 'http://[2606:4700:0:1::5efe:127.0.0.1]/j'],
  ])('refuses %s: %s', async (_, url) => {
    const refused = await create(url);
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'url',
      ruleName: 'PRIVATE_ADDRESS',
    });
  });

  it.each([
    ['a public IPv4 address', 'http://93.184.216.34/j'],
    ['IPv4-mapped public', 'http://[::ffff:93.184.216.34]/j'],
    ['NAT64 of a public address', 'http://[64:ff9b::93.184.216.34]/j'],
    ['ISATAP of a public address', 'http://[2606:4700:0:1:200:5efe:93.184.216.34]/j'],
    ['a name', 'https://hooks.example/j'],
  ])('accepts %s: %s', async (_, url) => {
    expect((await create(url)).status).toBe(201);
  });
});

async function lastError(id: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listed = await call('GET', `/_admin/v1/webhooks/${id}/deliveries?siteId=${server.siteId}`, {
      headers: admin(),
    });
    // attempts counts from the lease: the error is there once the outcome is recorded.
    const [latest] = listed.body.deliveries as { error: string | null }[];
    if (latest?.error) return latest.error;
    if (Date.now() > deadline) throw new Error(`no attempt of ${id} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('at delivery, with the default config', () => {
  it('refuses a name that resolves to loopback and a loopback literal, without naming the address', async () => {
    for (const id of ['by-name', 'by-literal']) {
      const queued = await call('POST', `/_admin/v1/webhooks/${id}/test?siteId=${server.siteId}`, { headers: admin() });
      expect(queued.status).toBe(200);
    }
    expect(await lastError('by-name')).toBe(RESOLVED);
    expect(await lastError('by-literal')).toBe(LITERAL);
    expect(receiver.received).toEqual([]);
  });
});

/** Answers for DNS with the given addresses, as the system resolver would print them. */
const answering =
  (...addresses: string[]): ResolveAll =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('after DNS resolution', () => {
  const send = (resolve: ResolveAll, allowPrivateNetworks = false) =>
    postWebhook(`http://hooks.example:${port()}/j`, {}, '{}', { timeoutMs: 2_000, allowPrivateNetworks, resolve });

  it.each([
    ['IPv4-compatible', '::127.0.0.1'],
    ['IPv4-compatible, public IPv4', '::93.184.216.34'],
    ['IPv4-mapped', '::ffff:127.0.0.1'],
    ['NAT64 well-known', '64:ff9b::7f00:1'],
    ['NAT64 local-use', '64:ff9b:1::a00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['IPv4-translated', '::ffff:0:7f00:1'],
    ['ISATAP', '2606:4700:0:1::5efe:7f00:1'],
    ['loopback among public addresses', '93.184.216.34', '127.0.0.1'],
  ])('refuses %s (%s) and says only that the address is not allowed', async (_, ...addresses) => {
    expect(await send(answering(...addresses))).toEqual({ ok: false, error: RESOLVED });
    expect(receiver.received).toEqual([]);
  });

  it('with webhooks.allowPrivateNetworks, connects to the address the resolver gave', async () => {
    expect(await send(answering('127.0.0.1'), true)).toMatchObject({ ok: true, statusCode: 204 });
    expect(receiver.received).toHaveLength(1);
    receiver.received.length = 0;
  });

  it('a failed connection is described without the address it went to', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const failed = await postWebhook(url, {}, '{}', { timeoutMs: 2_000, allowPrivateNetworks: true });
    expect(failed).toEqual({ ok: false, error: 'the connection was refused (ECONNREFUSED)' });
  });
});
