import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, loadConfig } from '../../test-support/boot.js';
import type { AppContext } from '../context.js';
import { startTestServer } from '../../test-support/server.js';
import type { Database } from '../store/index.js';
import { mailRoutes, startMailDelivery } from './index.js';
import { enqueueMail } from './outbox.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
  await db.transaction(async (tx) => {
    await enqueueMail(
      tx,
      {
        siteId: 's',
        kind: 't',
        to: 'Ann@Example.com',
        subject: 'First <b>',
        text: 'code 123456 http://x/reset-password?token=abc',
        html: '<p>1</p>',
      },
      1000,
    );
    await enqueueMail(
      tx,
      { siteId: 's', kind: 't', to: 'ann@example.com', subject: 'Second', text: 'two', html: '<p>2</p>' },
      2000,
    );
    await enqueueMail(
      tx,
      { siteId: 's', kind: 't', to: 'bob@example.com', subject: 'Bob', text: 'bob', html: '<p>b</p>' },
      3000,
    );
  });
});
afterAll(() => db.close());

const ctxWith = (devMailbox: boolean, smtpUrl?: string) =>
  ({
    db,
    config: { devMailbox, smtpUrl, publicUrl: 'http://localhost:8080', production: !devMailbox },
    now: Date.now,
    log: { warn() {} },
  }) as unknown as AppContext;

describe('dev mailbox', () => {
  it('lists messages newest first, filtered by address case-insensitively', async () => {
    const app = Fastify();
    await app.register(mailRoutes, { ctx: ctxWith(true) });
    const res = await app.inject({ method: 'GET', url: '/_dev/mail.json?to=ANN@example.com' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First <b>']);
    expect(Object.keys(messages[0]).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
    expect((await app.inject({ method: 'GET', url: '/_dev/mail.json' })).json().messages).toHaveLength(3);
    const page = await app.inject({ method: 'GET', url: '/_dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('First &#60;b&#62;');
    expect(page.body).toContain('<a href="http://x/reset-password?token=abc">');
    await app.close();
  });

  it('is not mounted when off (production)', async () => {
    const app = Fastify();
    await app.register(mailRoutes, { ctx: ctxWith(false) });
    expect((await app.inject({ method: 'GET', url: '/_dev/mail.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/_dev/mail' })).statusCode).toBe(404);
    await app.close();
  });

  it('without SMTP_URL delivery is a no-op and mail stays in the outbox', async () => {
    const delivery = startMailDelivery(ctxWith(true));
    await delivery.stop();
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null');
    expect(rows[0]!.n).toBe(3);
  });
});

describe('when the dev mailbox is on (audit F-5)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-mailbox-'));
  const configFile = (extra: Record<string, unknown>) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    const site = {
      id: 'shop',
      clients: [
        { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] },
      ],
    };
    writeFileSync(path, JSON.stringify({ adminKey: 'a'.repeat(30), sites: [site], ...extra }));
    return path;
  };
  const setting = (configPath: string | undefined, env: Record<string, string> = {}) => {
    const config = loadConfig({ configPath, env, dataDir: dir, ephemeral: true });
    return { on: config.devMailbox, reason: config.devMailboxReason };
  };
  /** Status of /_dev/mail.json on a real app built from that config. */
  async function mailboxStatus(configPath: string | undefined, env: Record<string, string> = {}): Promise<number> {
    const vitrine = await createApp({
      config: loadConfig({ configPath, env, dataDir: dir, ephemeral: true }),
      db,
      logLevel: 'silent',
      mailDelivery: false,
    });
    try {
      return (await vitrine.app.inject({ method: 'GET', url: '/_dev/mail.json' })).statusCode;
    } finally {
      await vitrine.close();
    }
  }

  it('is off with a config file and an https public URL, unless the config turns it on', async () => {
    expect(await mailboxStatus(configFile({ publicUrl: 'https://shop.example' }))).toBe(404);
    expect(setting(configFile({ publicUrl: 'https://shop.example' }))).toEqual({
      on: false,
      reason: expect.stringContaining('not a loopback address'),
    });
    expect(setting(configFile({ publicUrl: 'https://shop.example', devMailbox: true }))).toEqual({
      on: true,
      reason: '"devMailbox": true in the config file',
    });
    expect(await mailboxStatus(configFile({ publicUrl: 'https://shop.example', devMailbox: true }))).toBe(200);
  });

  it('is on for a loopback public URL and for the demo site, off in production unless explicitly on', async () => {
    expect(await mailboxStatus(configFile({ publicUrl: 'http://localhost:8080' }))).toBe(200);
    for (const url of ['http://127.0.0.1:9000', 'http://127.8.0.1', 'http://[::1]:8080', 'http://localhost'])
      expect(setting(configFile({ publicUrl: url })).on, url).toBe(true);
    expect(setting(configFile({ publicUrl: 'http://128.0.0.1' })).on).toBe(false);
    expect(setting(configFile({ publicUrl: 'http://localhost:8080', devMailbox: false })).on).toBe(false);
    expect(setting(undefined, { PUBLIC_URL: 'https://demo.example' })).toEqual({
      on: true,
      reason: expect.stringContaining('demo site'),
    });
    const production = {
      NODE_ENV: 'production',
      VITRINE_ADMIN_KEY: 'k'.repeat(32),
      VITRINE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(setting(undefined, production)).toEqual({ on: false, reason: 'NODE_ENV=production' });
    expect(setting(configFile({ publicUrl: 'http://localhost:8080' }), production).on).toBe(false);
    expect(setting(configFile({ publicUrl: 'https://shop.example', devMailbox: true }), production).on).toBe(true);
  });

  it('stays on for test servers (loopback public URL)', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/_dev/mail.json`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
