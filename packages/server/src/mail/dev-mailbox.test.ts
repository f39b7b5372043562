import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { migrate, openDatabase, type Database } from '../store/index.js';
import { registerMailRoutes, startMailDelivery } from './index.js';
import { enqueueMail } from './outbox.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await db.transaction(async (tx) => {
    await enqueueMail(tx, { siteId: 's', kind: 't', to: 'Ann@Example.com', subject: 'First <b>', text: 'code 123456 http://x/reset-password?token=abc', html: '<p>1</p>' }, 1000);
    await enqueueMail(tx, { siteId: 's', kind: 't', to: 'ann@example.com', subject: 'Second', text: 'two', html: '<p>2</p>' }, 2000);
    await enqueueMail(tx, { siteId: 's', kind: 't', to: 'bob@example.com', subject: 'Bob', text: 'bob', html: '<p>b</p>' }, 3000);
  });
});
afterAll(() => db.close());

const ctxWith = (devMailbox: boolean, smtpUrl?: string) =>
  ({ db, config: { devMailbox, smtpUrl, publicUrl: 'http://localhost:8080', production: !devMailbox }, now: Date.now, log: { warn() {} } }) as unknown as AppContext;

describe('dev mailbox', () => {
  it('lists messages newest first, filtered by address case-insensitively', async () => {
    const app = Fastify();
    registerMailRoutes(app, ctxWith(true));
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
    registerMailRoutes(app, ctxWith(false));
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
