import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { settleAfterResponse } from '../src/http/after-response.js';
import type { Queryable } from '../src/store/types.js';

/** A real SMTP server on a free local port that keeps what it receives (tests only). */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startTestSmtp(
  options: { failFirst?: number; delayMs?: number } = {},
): Promise<{ url: string; received: CapturedMail[]; close(): Promise<void> }> {
  const received: CapturedMail[] = [];
  let toFail = options.failFirst ?? 0;
  // Lenient (no AUTH, no STARTTLS) so suites send without credentials: see src/mail/smtp-strict.integration.test.ts
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        // A slow relay (the shutdown test needs deliveries in flight when SIGTERM comes).
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (toFail > 0) {
          toFail--;
          const err = new Error('451 try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until every mail queued on `db` so far has been handed over (the SMTP server above keeps a message before it
 * answers, so it is in `received` by then): a count of what arrived is final, where a pause only makes a second
 * mail unlikely to be missed. Mail a request leaves to after its answer (`afterResponse`) is waited for first.
 */
export async function mailSettled(db: Queryable & object): Promise<void> {
  await settleAfterResponse(db);
  await waitFor(async () => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null',
    );
    return rows[0]!.n === 0;
  });
}
