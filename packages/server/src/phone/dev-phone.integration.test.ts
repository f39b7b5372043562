import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { mailRoutes } from '../mail/index.js';
import type { Database } from '../store/index.js';
import { DEV_PHONE } from './config.js';
import { phoneSender, type PhoneMessage } from './delivery.js';
import { openMigratedPglite } from '../../test-support/database.js';

/** The dev phone (issue #32): texts and calls as JSON and as a page beside the dev mailbox; never in production. */
let db: Database;
const message = (to: string, channel: PhoneMessage['channel'], text: string): PhoneMessage => ({
  siteId: 's',
  to,
  channel,
  text,
  spoken: { language: 'en', lines: ['Your code is', '1, 2, 3, 4, 5, 6.'] },
});
beforeAll(async () => {
  db = await openMigratedPglite();
  const phone = phoneSender(db, DEV_PHONE);
  await phone.send(message('+33612345678', 'sms', 'First <b> @shop.example #111111'));
  await new Promise((r) => setTimeout(r, 5));
  await phone.send(message('+33612345678', 'call', 'ignored: a call shows what it read out'));
  await phone.send(message('+14155550100', 'whatsapp', 'Other'));
});
afterAll(() => db.close());

const ctxWith = (devMailbox: boolean, production: boolean) =>
  ({
    db,
    config: { devMailbox, production, publicUrl: 'http://localhost:8080' },
    now: Date.now,
  }) as unknown as AppContext;

describe('dev phone', () => {
  it('GET /_dev/phone.json?to= lists {id, to, channel, text, createdAt}, newest first', async () => {
    const app = Fastify();
    await app.register(mailRoutes, { ctx: ctxWith(true, false), delivery: false });
    for (const to of ['%2B33612345678', '+33612345678']) {
      const res = await app.inject({ method: 'GET', url: `/_dev/phone.json?to=${to}` });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json();
      expect(messages).toEqual([
        {
          id: expect.any(String),
          to: '+33612345678',
          channel: 'call',
          text: 'Your code is 1, 2, 3, 4, 5, 6.',
          createdAt: expect.any(String),
        },
        expect.objectContaining({ channel: 'sms', text: 'First <b> @shop.example #111111' }),
      ]);
    }
    const page = await app.inject({ method: 'GET', url: '/_dev/phone' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('First &#60;b&#62;');
    expect(page.body).toContain('<a href="/_dev/mail">');
    await app.close();
  });

  it('is not mounted in production, even with the dev mailbox forced on', async () => {
    for (const [devMailbox, production] of [
      [true, true],
      [false, false],
    ] as const) {
      const app = Fastify();
      await app.register(mailRoutes, { ctx: ctxWith(devMailbox, production), delivery: false });
      expect((await app.inject({ method: 'GET', url: '/_dev/phone.json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/_dev/phone' })).statusCode).toBe(404);
      await app.close();
    }
  });
});
