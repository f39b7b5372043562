import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { AuthEventLog } from './auth-events.js';

/** Audit F-11: authentication events in the database and as one structured log line each. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

describe('AuthEventLog', () => {
  it('stores batched events and writes one structured log line per event', async () => {
    const { lines, log } = capturingLog();
    const events = new AuthEventLog(server.ctx.db, log, Date.now);
    await events.record({
      type: 'sign_in',
      outcome: 'failure',
      siteId: 'log-site',
      email: 'a@example.com',
      ip: '203.0.113.9',
      clientId: 'c1',
    });
    await events.record({
      type: 'lockout',
      outcome: 'refused',
      siteId: 'log-site',
      email: 'a@example.com',
      ip: '203.0.113.9',
    });
    const stored = await events.list('log-site');
    expect(stored.map((e) => e.type)).toEqual(expect.arrayContaining(['sign_in', 'lockout']));
    expect(stored.find((e) => e.type === 'sign_in')).toMatchObject({
      outcome: 'failure',
      email: 'a@example.com',
      ip: '203.0.113.9',
      clientId: 'c1',
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      authEvent: { type: 'sign_in', outcome: 'failure', siteId: 'log-site', ip: '203.0.113.9' },
    });
    expect(typeof (lines[0]!.authEvent as { at: string }).at).toBe('string');
  });

  it('inside a transaction the event commits or rolls back with the change it records', async () => {
    const { log } = capturingLog();
    const events = new AuthEventLog(server.ctx.db, log, Date.now);
    await server.ctx.db.transaction((tx) =>
      events.record({ type: 'password_changed', outcome: 'success', siteId: 'tx-site', memberId: 'm1' }, tx),
    );
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await events.record({ type: 'password_reset', outcome: 'success', siteId: 'tx-site', memberId: 'm1' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await events.list('tx-site')).map((e) => e.type)).toEqual(['password_changed']);
  });

  it('filters by member and type, newest first, and the admin API lists them', async () => {
    const { log } = capturingLog();
    const events = new AuthEventLog(server.ctx.db, log, Date.now);
    for (const memberId of ['m-a', 'm-b', 'm-a'])
      await events.record({ type: 'sign_in', outcome: 'success', siteId: server.siteId, memberId });
    expect(await events.list(server.siteId, { memberId: 'm-a' })).toHaveLength(2);
    const res = await fetch(`${server.url}/_admin/v1/auth-events?siteId=${server.siteId}&memberId=m-b`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).events).toEqual([expect.objectContaining({ memberId: 'm-b', type: 'sign_in' })]);
    const refused = await fetch(`${server.url}/_admin/v1/auth-events?siteId=${server.siteId}`);
    expect(refused.status).toBe(401);
    const bad = await fetch(`${server.url}/_admin/v1/auth-events?siteId=${server.siteId}&limit=0`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(bad.status).toBe(400);
  });
});
