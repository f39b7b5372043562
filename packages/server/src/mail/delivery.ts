import { rootCertificates } from 'node:tls';
import type { Queryable } from '../store/types.js';
import { absoluteUrls } from './absolute-urls.js';
import { nodemailer } from './nodemailer.js';

/**
 * Delivery side of the outbox. Each pass leases a batch (`locked_until`), sends it, and records the
 * outcome; a crashed instance's lease simply runs out, so mail survives restarts and is retried.
 * `for update skip locked` lets several instances deliver from one outbox without sending twice.
 */
export interface MailSender {
  send(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    language?: string;
    /** The site whose mail it is (its own relay, when it has one, sends it). */
    siteId?: string;
  }): Promise<void>;
  close(): void;
}

export interface DeliveryOptions {
  from: string;
  /** A site's own sender (its `mail.from` setting), read at each send: a change needs no restart. */
  fromFor?: (siteId: string) => string | undefined;
  now: () => number;
  /** The server's public address, read at each send: the mail's own paths (logo, thumbnails) become absolute on it. */
  baseUrl?: () => string;
  log?: { warn(obj: object, msg: string): void };
  /** Replace delivered bodies (codes, reset links) with a marker when nobody needs to read them again. */
  scrubDelivered: boolean;
  batchSize?: number;
  /** Only these sites' mail is delivered (the others wait for a relay); undefined = every site's. */
  deliverableSites?: () => readonly string[] | undefined;
  leaseMs?: number;
  maxAttempts?: number;
}

export const MAX_ATTEMPTS = 8;

/** 5 s, 10 s, 20 s … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface LeasedRow {
  id: string;
  site_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: string;
  attempts: number;
}

/** Sends one batch of due mail; returns how many were sent. */
export async function deliverPending(
  db: Queryable & { transaction?: unknown },
  sender: MailSender,
  options: DeliveryOptions,
): Promise<number> {
  const now = options.now();
  const lease = new Date(now + (options.leaseMs ?? 60_000));
  const sites = options.deliverableSites?.();
  if (sites && !sites.length) return 0;
  const { rows } = await db.query<LeasedRow>(
    `update mail_outbox set locked_until = $1, attempts = attempts + 1
     where id in (
       select id from mail_outbox
       where sent_at is null and failed_at is null and next_attempt_at <= $2
         and (locked_until is null or locked_until <= $2)
         and ($4::text[] is null or site_id = any($4::text[]))
       order by created_at
       limit $3
       for update skip locked)
     returning id, site_id, to_address, subject, text_body, html_body, language, attempts`,
    [lease, new Date(now), options.batchSize ?? 20, sites ? [...sites] : null],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await sender.send({
        from: options.fromFor?.(row.site_id) ?? options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: absoluteUrls(row.html_body, options.baseUrl?.()),
        language: row.language,
        siteId: row.site_id,
      });
      await db.query(
        options.scrubDelivered
          ? `update mail_outbox set sent_at = $2, locked_until = null, last_error = null, text_body = '[delivered]', html_body = '[delivered]' where id = $1`
          : `update mail_outbox set sent_at = $2, locked_until = null, last_error = null where id = $1`,
        [row.id, new Date(options.now())],
      );
      sent++;
    } catch (error) {
      const attempts = Number(row.attempts);
      const giveUp = attempts >= (options.maxAttempts ?? MAX_ATTEMPTS);
      // Only the error message is kept: SMTP errors can echo the envelope but never carry the body.
      const message = error instanceof Error ? error.message.slice(0, 500) : 'send failed';
      await db.query(
        `update mail_outbox set locked_until = null, last_error = $2, next_attempt_at = $3, failed_at = $4 where id = $1`,
        [row.id, message, new Date(options.now() + backoffMs(attempts)), giveUp ? new Date(options.now()) : null],
      );
      options.log?.warn({ mailId: row.id, attempts, giveUp, err: message }, 'mail delivery failed');
    }
  }
  return sent;
}

/**
 * An SMTP sender from a `smtp://user:pass@host:port` or `smtps://…` URL. nodemailer upgrades with
 * STARTTLS whenever the relay offers it and verifies the relay's certificate; `ca` (VITRINE_SMTP_CA_FILE)
 * adds a private relay's CA to Node's public roots instead of turning verification off.
 */
export function smtpSender(url: string, options: { ca?: string | undefined } = {}): MailSender {
  const transport = nodemailer().createTransport(
    options.ca ? { url, tls: { ca: [...rootCertificates, options.ca] } } : url,
  );
  return {
    async send({ language, siteId: _siteId, ...mail }) {
      await transport.sendMail({ ...mail, headers: language ? { 'Content-Language': language } : {} });
    },
    close: () => transport.close(),
  };
}

export interface DeliveryLoop {
  stop(): Promise<void>;
  /** Runs a pass now (tests, and right after a response whose request queued something: it has committed). */
  kick(): void;
  /**
   * Something was just written that may not have committed yet: the next pass comes within `intervalMs`, and
   * the wait does not grow again until a pass has started after this call (one that ran before the commit
   * found nothing, and must not send the row to the idle maximum's wait).
   */
  soon(): void;
}

/**
 * Polls the outbox every `intervalMs`, backing off to `idleMaxMs` while passes find nothing; one pass at a time,
 * errors logged and retried next tick. Callers call `soon()` when they queue a mail.
 */
export function runDeliveryLoop(
  db: Queryable,
  sender: MailSender,
  options: DeliveryOptions & { intervalMs: number; idleMaxMs?: number },
): DeliveryLoop {
  return runOutboxLoop(() => deliverPending(db, sender, options), {
    intervalMs: options.intervalMs,
    idleMaxMs: options.idleMaxMs,
    batchSize: options.batchSize ?? 20,
    log: options.log,
    label: 'mail delivery pass failed',
    onStop: () => sender.close(),
  });
}

/**
 * The polling loop of an outbox (mail here, webhooks in webhooks/): runs `pass` every `intervalMs` and
 * on `kick()`, one pass at a time, draining while full batches come back; errors are logged and the
 * next tick retries. With `idleMaxMs` above `intervalMs`, each pass that found nothing doubles the wait
 * before the next, up to `idleMaxMs`; a pass that delivered or a kick brings it back to `intervalMs`. An
 * idle embedded server otherwise spent a few percent of a core on empty passes (a statement after an idle
 * gap costs PGlite 10–30 ms of CPU on a small virtual machine; docs/operating.md).
 */
export function runOutboxLoop(
  pass: () => Promise<number>,
  options: {
    intervalMs: number;
    idleMaxMs?: number;
    batchSize: number;
    label: string;
    log?: { warn(obj: object, msg: string): void } | undefined;
    onStop?: () => void;
  },
): DeliveryLoop {
  const idleMaxMs = Math.max(options.intervalMs, options.idleMaxMs ?? options.intervalMs);
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let waitMs = options.intervalMs;
  let timer: NodeJS.Timeout | undefined;
  // soon() calls so far, and how many there were when the latest pass started.
  let soonCalls = 0;
  let soonCallsAtLastStart = 0;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = stopped ? undefined : setTimeout(run, waitMs);
    timer?.unref();
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      // A kick during a pass runs one more pass right after it: what was just committed is not missed.
      again = true;
      return;
    }
    const soonCallsAtPreviousStart = soonCallsAtLastStart;
    soonCallsAtLastStart = soonCalls;
    running = (async () => {
      let delivered = 0;
      try {
        do {
          again = false;
          // Drain: keep going while full batches come back.
          for (let n = options.batchSize; !stopped && n >= options.batchSize; delivered += n) n = await pass();
        } while (again && !stopped);
      } catch (error) {
        options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, options.label);
      } finally {
        running = undefined;
        // A soon() since the previous pass started may name a row this pass ran too early to see.
        const owed = soonCalls !== soonCallsAtPreviousStart;
        waitMs = delivered > 0 || owed ? options.intervalMs : Math.min(waitMs * 2, idleMaxMs);
        schedule();
      }
    })();
  };
  run();
  return {
    kick() {
      waitMs = options.intervalMs;
      run();
    },
    soon() {
      if (stopped) return;
      soonCalls++;
      if (waitMs === options.intervalMs) return; // the next pass is due within the interval already
      waitMs = options.intervalMs;
      if (!running) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      options.onStop?.();
    },
  };
}
