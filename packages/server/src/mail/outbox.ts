import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store/types.js';
import { settleAfterResponse } from '../http/after-response.js';
import { isoDate, isoDateOrNull } from '../store/timestamps.js';

/**
 * Transactional outbox: a mail is a row written by the same transaction as the state change that
 * causes it, so a code or link is never mailed for a change that rolled back, nor lost after a commit.
 */
export interface OutgoingMail {
  siteId: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** BCP 47 tag of the mail's language (its Content-Language); absent = "en". */
  language?: string;
}

/**
 * Told of every mail queued in this process, before its transaction commits: the delivery loop, which sleeps up
 * to its idle maximum while nothing is queued, comes back to its short interval (mail/index.ts).
 */
const enqueueListeners = new Set<() => void>();
export function onMailEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

export async function enqueueMail(tx: Queryable, mail: OutgoingMail, now = Date.now()): Promise<string> {
  const id = randomUUID();
  for (const listener of enqueueListeners) listener();
  await tx.query(
    `insert into mail_outbox (site_id, id, kind, to_address, subject, text_body, html_body, created_at, next_attempt_at, language)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
    [mail.siteId, id, mail.kind, mail.to, mail.subject, mail.text, mail.html, new Date(now), mail.language ?? 'en'],
  );
  return id;
}

export interface StoredMail {
  id: string;
  siteId: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
}

interface MailRow {
  id: string;
  site_id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  language?: string;
  created_at: Date | string;
  sent_at: Date | string | null;
  attempts: number;
}

export function toStoredMail(r: MailRow): StoredMail {
  return {
    id: r.id,
    siteId: r.site_id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    language: r.language ?? 'en',
    createdAt: isoDate(r.created_at),
    sentAt: isoDateOrNull(r.sent_at),
    attempts: Number(r.attempts),
  };
}

/** Messages newest first, optionally only those to one address (compared case-insensitively). */
export async function listMail(
  db: Queryable,
  options: { to?: string | undefined; limit?: number } = {},
): Promise<StoredMail[]> {
  // Mail some flows write just after answering (recovery) is part of what a request caused: wait for it.
  await settleAfterResponse(db);
  const limit = Math.min(Math.max(options.limit ?? 200, 1), 1000);
  const { rows } = options.to
    ? await db.query<MailRow>(
        `select * from mail_outbox where lower(to_address) = lower($1) order by created_at desc, id desc limit $2`,
        [options.to, limit],
      )
    : await db.query<MailRow>(`select * from mail_outbox order by created_at desc, id desc limit $1`, [limit]);
  return rows.map(toStoredMail);
}
