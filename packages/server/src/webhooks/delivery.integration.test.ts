import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS, retryDelayMs } from './delivery.js';
import { postWebhook } from './send.js';
import { blockedRange } from '../http/outbound/index.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * Delivery: retries on a clock the test moves (no sleeping through minutes), the admin API, secret
 * rotation, and the SSRF guard. A real server, a real receiver over HTTP.
 */
let clock = Date.now();
let server: TestServer;
let receiver: Receiver;
let call: ReturnType<typeof api>;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    now: () => clock,
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 50, ownerEmail: 'owner@example.com' } }),
  });
  call = api(server.url);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

async function endpoint(events = ['webhook.test'], url = receiver.url) {
  const created = await call('POST', '/_admin/v1/webhooks', {
    headers: admin(),
    body: { siteId: server.siteId, url, events },
  });
  expect(created.status).toBe(201);
  return created.body as { webhook: { id: string }; secret: string };
}

async function deliveries(id: string) {
  const listed = await call('GET', `/_admin/v1/webhooks/${id}/deliveries?siteId=${server.siteId}`, {
    headers: admin(),
  });
  expect(listed.status).toBe(200);
  return listed.body.deliveries as {
    id: string;
    status: string;
    attempts: number;
    statusCode: number | null;
    responseExcerpt: string | null;
    nextAttemptDate: string | null;
    lastAttemptDate: string | null;
  }[];
}

type Listed = Awaited<ReturnType<typeof deliveries>>;
/** Attempt n has been made and its outcome recorded (a pending delivery is then due after its last attempt). */
const settled = (n: number) => (d: Listed) =>
  d[0]?.attempts === n &&
  (d[0].status !== 'PENDING' || new Date(d[0].nextAttemptDate!).getTime() > new Date(d[0].lastAttemptDate!).getTime());

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`condition not met: ${JSON.stringify(await read())}`);
}

describe('webhook delivery', () => {
  it('retries a failing receiver on the backoff schedule until it recovers, then stops', async () => {
    const { webhook } = await endpoint();
    let failing = true;
    receiver.respond = () => (failing ? 503 : 200);
    await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, { headers: admin(), body: { siteId: server.siteId } });
    const first = await until(() => deliveries(webhook.id), settled(1));
    expect(first[0]).toMatchObject({ status: 'PENDING', responseExcerpt: 'nope 503' });
    // The next attempt waits about 5 s (±20 %): nothing happens before, it goes once the clock passes.
    const next = new Date(first[0]!.nextAttemptDate!).getTime() - clock;
    expect(next).toBeGreaterThanOrEqual(4_000);
    expect(next).toBeLessThanOrEqual(6_000);
    clock += 3_000;
    await new Promise((r) => setTimeout(r, 300));
    expect((await deliveries(webhook.id))[0]!.attempts).toBe(1);
    clock += 3_100;
    await until(() => deliveries(webhook.id), settled(2));
    failing = false;
    clock += RETRY_SCHEDULE_MS[1] * 1.2 + 1;
    const done = await until(
      () => deliveries(webhook.id),
      (d) => d[0]?.status === 'DELIVERED',
    );
    expect(done[0]).toMatchObject({ attempts: 3, statusCode: 200, responseExcerpt: 'ok', nextAttemptDate: null });
    receiver.respond = () => 204;
  });

  it('gives up after the last scheduled attempt, and replays failed deliveries on request', async () => {
    const { webhook } = await endpoint();
    receiver.respond = () => 500;
    const since = new Date(clock).toISOString();
    await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, { headers: admin(), body: { siteId: server.siteId } });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await until(() => deliveries(webhook.id), settled(attempt));
      clock += 36_000_000 * 1.2 + 1;
    }
    const failed = await until(
      () => deliveries(webhook.id),
      (d) => d[0]?.status === 'FAILED',
    );
    expect(failed[0]!.attempts).toBe(MAX_ATTEMPTS);
    receiver.respond = () => 204;
    const replay = await call('POST', `/_admin/v1/webhooks/${webhook.id}/replay`, {
      headers: admin(),
      body: { siteId: server.siteId, since },
    });
    expect(replay.body).toEqual({ replayed: 1 });
    await until(
      () => deliveries(webhook.id),
      (d) => d[0]?.status === 'DELIVERED',
    );
    const one = await call('POST', `/_admin/v1/webhooks/${webhook.id}/deliveries/${failed[0]!.id}/replay`, {
      headers: admin(),
      body: { siteId: server.siteId },
    });
    expect(one.status).toBe(200);
    expect(one.body.delivery).toMatchObject({ id: failed[0]!.id, status: 'PENDING', attempts: 0 });
  });

  it('disables an endpoint that failed for 5 days and mails the owner through the mail outbox', async () => {
    const { webhook } = await endpoint(['webhook.test'], 'http://127.0.0.1:9/closed');
    await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, { headers: admin(), body: { siteId: server.siteId } });
    await until(() => deliveries(webhook.id), settled(1));
    clock += DISABLE_AFTER_MS;
    await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, { headers: admin(), body: { siteId: server.siteId } });
    const got = await until(
      () => call('GET', `/_admin/v1/webhooks/${webhook.id}?siteId=${server.siteId}`, { headers: admin() }),
      (r) => r.body.webhook.enabled === false,
    );
    expect(got.body.webhook.disabledReason).toBe('failing for 5 days');
    const mail = await call('GET', '/_dev/mail.json?to=owner@example.com');
    expect(mail.body.messages.map((m: { subject: string }) => m.subject)).toContain(
      `Demo Store: webhook endpoint ${webhook.id} disabled`,
    );
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const { webhook, secret: oldSecret } = await endpoint();
    const rotated = await call('POST', `/_admin/v1/webhooks/${webhook.id}/rotate-secret`, {
      headers: admin(),
      body: { siteId: server.siteId },
    });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const count = receiver.received.length;
    const test = await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, {
      headers: admin(),
      body: { siteId: server.siteId },
    });
    const [hit] = (await receiver.waitFor((all) => all.some((r) => r.json.id === test.body.eventId))).filter(
      (r) => r.json.id === test.body.eventId,
    );
    expect(receiver.received.length).toBeGreaterThan(count);
    expect(hit!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    // The reference verifier checks the timestamp against the real clock: verify at the server's time.
    const at = Number(hit!.headers['webhook-timestamp']);
    const verify = (secret: string) =>
      new Webhook(secret).verify(hit!.body, { ...hit!.headers, 'webhook-timestamp': String(at) });
    const realNow = Date.now;
    Date.now = () => at * 1000;
    try {
      expect(verify(oldSecret)).toMatchObject({ type: 'webhook.test' });
      expect(verify(newSecret)).toMatchObject({ type: 'webhook.test' });
    } finally {
      Date.now = realNow;
    }
    clock += 24 * 3600_000 + 1;
    const later = await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, {
      headers: admin(),
      body: { siteId: server.siteId },
    });
    const [after] = (await receiver.waitFor((all) => all.some((r) => r.json.id === later.body.eventId))).filter(
      (r) => r.json.id === later.body.eventId,
    );
    expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
  });
});

describe('webhook admin API', () => {
  it('creates (secret shown once), lists, updates, deletes, and refuses bad input with 4xx', async () => {
    const created = await call('POST', '/_admin/v1/webhooks', {
      headers: admin(),
      body: { siteId: server.siteId, url: receiver.url, events: ['member.*', 'order.created'], description: 'CRM' },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const id = created.body.webhook.id as string;
    const listed = await call('GET', `/_admin/v1/webhooks?siteId=${server.siteId}`, { headers: admin() });
    const mine = listed.body.webhooks.find((w: { id: string }) => w.id === id);
    expect(mine).toMatchObject({
      url: receiver.url,
      events: ['member.*', 'order.created'],
      description: 'CRM',
      enabled: true,
      source: 'api',
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const patched = await call('PATCH', `/_admin/v1/webhooks/${id}`, {
      headers: admin(),
      body: { siteId: server.siteId, events: ['item.*'], enabled: false },
    });
    expect(patched.body.webhook).toMatchObject({ events: ['item.*'], enabled: false });
    expect(
      (
        await call('POST', '/_admin/v1/webhooks', {
          headers: admin(),
          body: { siteId: server.siteId, url: receiver.url, events: ['member.nope'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/_admin/v1/webhooks', {
          headers: admin(),
          body: { siteId: server.siteId, url: 'ftp://x', events: ['*'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/_admin/v1/webhooks', { body: { siteId: server.siteId, url: receiver.url, events: ['*'] } }))
        .status,
    ).toBe(401);
    expect(
      (await call('DELETE', `/_admin/v1/webhooks/${id}?siteId=${server.siteId}`, { headers: admin() })).status,
    ).toBe(200);
    expect((await call('GET', `/_admin/v1/webhooks/${id}?siteId=${server.siteId}`, { headers: admin() })).status).toBe(
      404,
    );
  });
});

describe('SSRF guard', () => {
  it('classifies private, loopback, link-local and mapped addresses, and lets public ones through', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(blockedRange(a), a).toBeDefined();
    }
    expect(blockedRange('93.184.216.34')).toBeUndefined();
    expect(blockedRange('2606:4700::1111')).toBeUndefined();
  });

  it('refuses at delivery time an address literal and a name that resolves to loopback, and never follows a redirect', async () => {
    const options = { timeoutMs: 2_000, allowPrivateNetworks: false };
    const literal = await postWebhook(receiver.url, {}, '{}', options);
    expect(literal).toEqual({
      ok: false,
      error: "the URL's address is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)",
    });
    const named = await postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', options);
    expect(named).toEqual({
      ok: false,
      error:
        'the host resolves to an address that is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)',
    });
    const before = receiver.received.length;
    receiver.respond = () => 302;
    const redirected = await postWebhook(receiver.url, {}, '{}', { ...options, allowPrivateNetworks: true });
    receiver.respond = () => 204;
    expect(redirected).toMatchObject({ ok: false, statusCode: 302, error: 'redirects are not followed' });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('in production refuses a private endpoint at creation unless webhooks.allowPrivateNetworks', async () => {
    const prod = await startTestServer({
      config: (c) => ({ ...c, production: true, webhooks: { allowPrivateNetworks: false } }),
    });
    try {
      const refused = await api(prod.url)('POST', '/_admin/v1/webhooks', {
        headers: { authorization: `Bearer ${prod.adminKey}` },
        body: { siteId: prod.siteId, url: 'http://169.254.169.254/latest', events: ['*'] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details.validationError.fieldViolations[0].field).toBe('url');
    } finally {
      await prod.close();
    }
  });

  it('jitters retries within ±20 % of the schedule', () => {
    expect(retryDelayMs(1, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, () => 1)).toBe(6_000);
    expect(retryDelayMs(7, () => 0.5)).toBe(36_000_000);
  });
});
