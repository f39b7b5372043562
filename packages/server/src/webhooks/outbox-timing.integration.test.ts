import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';
import { DEFAULT_TIMEOUT_MS } from './delivery.js';
import { emitEvent } from './emit.js';

/**
 * The outbox's promises (#16): an event exists only if its change committed (same transaction), a
 * committed change reaches the receiver within 2 s, and a receiver that never answers is a failed
 * attempt after the timeout (10 s by default), retried later.
 */
const TIMEOUT_MS = 700;
let server: TestServer;
let receiver: Receiver;
let silent: net.Server;
let silentUrl: string;
let call: ReturnType<typeof api>;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });

beforeAll(async () => {
  receiver = await startReceiver();
  // Accepts connections and reads the request, never answers.
  silent = net.createServer((socket) => socket.on('data', () => {}));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
  server = await startTestServer({
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 100, timeoutMs: TIMEOUT_MS } }),
  });
  call = api(server.url);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  silent?.close();
});

async function endpoint(url: string, events: string[]): Promise<string> {
  const created = await call('POST', '/_admin/v1/webhooks', {
    headers: admin(),
    body: { siteId: server.siteId, url, events },
  });
  expect(created.status).toBe(201);
  return created.body.webhook.id as string;
}

describe('webhook outbox', () => {
  it('writes an event only when its change commits: a rolled-back transaction leaves nothing to deliver', async () => {
    const id = await endpoint(receiver.url, ['item.removed']);
    const marker = `rolled-back-${Date.now()}`;
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await emitEvent(tx, {
          siteId: server.siteId,
          type: 'item.removed',
          identity: { identityType: 'UNKNOWN' },
          data: { id: marker, dataCollectionId: 'Products' },
          now: Date.now(),
        });
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    const stored = await server.ctx.db.query<{ n: string }>(
      `select count(*)::text as n from webhook_events where body::text like $1`,
      [`%${marker}%`],
    );
    expect(stored.rows[0]!.n).toBe('0');
    const listed = await call('GET', `/_admin/v1/webhooks/${id}/deliveries?siteId=${server.siteId}`, {
      headers: admin(),
    });
    expect(listed.body.deliveries).toEqual([]);
  });

  it('delivers a committed change within 2 s of its commit', async () => {
    await endpoint(receiver.url, ['item.inserted']);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const title = `timed-${Date.now()}-${i}`;
      const inserted = await call('POST', '/wix-data/v2/items', {
        headers: admin(),
        body: { dataCollectionId: 'Products', dataItem: { data: { title } } },
      });
      expect(inserted.status).toBe(200);
      // The response comes after the commit: time from here to arrival bounds commit-to-delivery from above.
      const committed = Date.now();
      await receiver.waitFor(
        (all) => all.some((r) => r.json.type === 'item.inserted' && JSON.stringify(r.json.data).includes(title)),
        5_000,
      );
      latencies.push(Date.now() - committed);
    }
    expect(Math.max(...latencies)).toBeLessThan(2_000);
  });

  it('counts a receiver that never answers as a failed attempt after the timeout, and retries it', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    const id = await endpoint(silentUrl, ['webhook.test']);
    const sent = Date.now();
    expect(
      (await call('POST', `/_admin/v1/webhooks/${id}/test`, { headers: admin(), body: { siteId: server.siteId } }))
        .status,
    ).toBe(200);
    let delivery:
      | {
          status: string;
          attempts: number;
          statusCode: number | null;
          error: string | null;
          nextAttemptDate: string | null;
        }
      | undefined;
    // An attempt is counted when it starts; its outcome is recorded when it ends.
    for (let i = 0; i < 100 && !delivery?.error; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      delivery = (
        await call('GET', `/_admin/v1/webhooks/${id}/deliveries?siteId=${server.siteId}`, { headers: admin() })
      ).body.deliveries[0];
    }
    expect(Date.now() - sent).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, statusCode: null });
    expect(delivery!.error).toContain('no answer within');
    // Retried on the backoff schedule: about 5 s later.
    const retryIn = new Date(delivery!.nextAttemptDate!).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(2_000);
    expect(retryIn).toBeLessThanOrEqual(6_000);
  });
});
