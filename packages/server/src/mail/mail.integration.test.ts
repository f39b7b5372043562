import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { enqueueMail, listMail } from './outbox.js';
import { backoffMs, deliverPending, runDeliveryLoop, smtpSender, type MailSender } from './delivery.js';
import { startMailDelivery } from './index.js';
import type { AppContext } from '../context.js';
import { passwordResetMail, verificationCodeMail } from './templates.js';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

const mail = (to: string, subject = 'Hello') => ({
  siteId: 's1',
  kind: 'test',
  to,
  subject,
  text: `text ${subject}`,
  html: `<p>${subject}</p>`,
});

describe('outbox', () => {
  it('is transactional: a rolled-back transaction leaves no mail', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rollback@example.com'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await listMail(db, { to: 'rollback@example.com' })).toHaveLength(0);
    await db.transaction((tx) => enqueueMail(tx, mail('Commit@Example.com')));
    expect(await listMail(db, { to: 'commit@example.com' })).toHaveLength(1);
  });

  it('templates carry the site name and escape html', () => {
    const m = verificationCodeMail('en', 'Shop <b>', '012345', 15);
    expect(m.text).toContain('012345');
    expect(m.text).toContain('Shop <b>');
    expect(m.html).toContain('Shop &#60;b&#62;');
    expect(passwordResetMail('en', 'S', 'http://x/reset-password?token=a"b', 60).html).toContain('token=a&#34;b');
  });
});

describe('delivery', () => {
  // each case owns the outbox, so one case's pending mail never answers another's assertions
  beforeEach(async () => {
    await db.query('delete from mail_outbox');
  });

  it('delivers through a real SMTP server, retrying with backoff, and survives a restart', async () => {
    const smtp = await startTestSmtp({ failFirst: 1 });
    let clock = Date.now();
    const to = `deliver-${clock}@example.com`;
    await db.transaction((tx) => enqueueMail(tx, mail(to, 'Deliver me'), clock));
    const options = { from: 'shop@example.com', now: () => clock, scrubDelivered: false };
    const sender = smtpSender(smtp.url);
    // first attempt: temporary SMTP failure → rescheduled, not lost
    expect(await deliverPending(db, sender, options)).toBe(0);
    let [stored] = await listMail(db, { to });
    expect(stored!.sentAt).toBeNull();
    expect(stored!.attempts).toBe(1);
    // not due yet
    expect(await deliverPending(db, sender, options)).toBe(0);
    clock += backoffMs(1) + 1;
    expect(await deliverPending(db, sender, options)).toBe(1);
    [stored] = await listMail(db, { to });
    expect(stored!.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([to]);
    expect(smtp.received[0]!.raw).toContain('Subject: Deliver me');
    sender.close();
    await smtp.close();
  });

  it('a lease left by a crashed instance runs out and the mail is sent once', async () => {
    let clock = Date.now() + 10_000_000;
    const to = `crash-${clock}@example.com`;
    await db.transaction((tx) => enqueueMail(tx, mail(to), clock));
    const hang: MailSender = { send: () => new Promise(() => {}), close() {} };
    // the "crashed" instance leases the row and never finishes
    void deliverPending(db, hang, { from: 'a@b.c', now: () => clock, scrubDelivered: false, leaseMs: 1000 });
    await new Promise((r) => setTimeout(r, 100));
    const sent: string[] = [];
    const ok: MailSender = { send: async (m) => void sent.push(m.to), close() {} };
    expect(await deliverPending(db, ok, { from: 'a@b.c', now: () => clock, scrubDelivered: true })).toBe(0);
    clock += 1001;
    await deliverPending(db, ok, { from: 'a@b.c', now: () => clock, scrubDelivered: true });
    expect(sent.filter((t) => t === to)).toHaveLength(1);
    const [stored] = await listMail(db, { to });
    expect(stored!.text).toBe('[delivered]');
  });

  it('gives up after the maximum number of attempts', async () => {
    let clock = Date.now() + 20_000_000;
    const to = `fail-${clock}@example.com`;
    await db.transaction((tx) => enqueueMail(tx, mail(to), clock));
    const failing: MailSender = {
      send: async () => {
        throw new Error('550 no such user');
      },
      close() {},
    };
    for (let i = 0; i < 3; i++) {
      await deliverPending(db, failing, { from: 'a@b.c', now: () => clock, scrubDelivered: false, maxAttempts: 3 });
      clock += 3_600_001;
    }
    const { rows } = await db.query<{ failed_at: unknown; last_error: string }>(
      'select failed_at, last_error from mail_outbox where to_address = $1',
      [to],
    );
    expect(rows[0]!.failed_at).not.toBeNull();
    expect(rows[0]!.last_error).toContain('550');
  });

  it('the loop drains the outbox and stops cleanly', async () => {
    const smtp = await startTestSmtp();
    const to = `loop-${Date.now()}@example.com`;
    const loop = runDeliveryLoop(db, smtpSender(smtp.url), {
      from: 'a@b.c',
      now: Date.now,
      scrubDelivered: false,
      intervalMs: 50,
    });
    await db.transaction((tx) => enqueueMail(tx, mail(to, 'Looped')));
    const delivered = await waitFor(() => smtp.received.find((m) => m.to.includes(to)));
    expect(delivered.to).toEqual([to]);
    expect(delivered.raw).toContain('Subject: Looped');
    expect((await listMail(db, { to }))[0]!.sentAt).not.toBeNull();
    await loop.stop();
    // Stopped: a mail queued now stays queued however many of the loop's intervals pass.
    const after = `after-stop-${Date.now()}@example.com`;
    await db.transaction((tx) => enqueueMail(tx, mail(after, 'Too late')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect((await listMail(db, { to: after }))[0]!.sentAt).toBeNull();
    await smtp.close();
  });
});

describe('the delivery loop of a running server', () => {
  it('sleeps while idle and wakes for the mail this process queues', async () => {
    const sent: { to: string; at: number }[] = [];
    const sender: MailSender = {
      async send(message) {
        sent.push({ to: message.to, at: Date.now() });
      },
      close() {},
    };
    const ctx = {
      db,
      config: { devMailbox: true, publicUrl: 'http://localhost:8080', production: false },
      sites: { get: () => undefined, sites: [] },
      now: Date.now,
      log: { warn() {} },
    } as unknown as AppContext;
    // Interval 400 ms, idle maximum 3.2 s: empty passes at 0, 0.4, 1.2 and 2.8 s; the next would be at 6.0 s.
    const loop = startMailDelivery(ctx, { intervalMs: 400, sender });
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const to = `woken-${Date.now()}@example.com`;
      const queuedAt = Date.now();
      await db.transaction((tx) => enqueueMail(tx, mail(to, 'Woken')));
      const delivered = await waitFor(() => sent.find((m) => m.to === to));
      // Within the interval (plus a pass: ~0.4 s), not at the backed-off pass 3 s away.
      expect(delivered.at - queuedAt).toBeLessThan(2_000);
    } finally {
      await loop.stop();
    }
  }, 20_000);
});
