import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import type { Queryable } from '../store/types.js';
import { adminAccess, requireAdminFor, recordOwnerAction } from '../owners/admin-access.js';

/**
 * The console's Mail page: the site's outbox (to, subject, state, attempts, last error), newest first,
 * and Retry for a message the delivery loop gave up on. Bodies are never listed: they carry codes
 * and reset links.
 */
export type MailState = 'waiting' | 'failing' | 'failed' | 'sent';
export const MAIL_STATES: readonly MailState[] = ['waiting', 'failing', 'failed', 'sent'];

const STATE_SQL = `case when sent_at is not null then 'sent' when failed_at is not null then 'failed'
  when last_error is not null then 'failing' else 'waiting' end`;

export interface OutboxRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: MailState;
  attempts: number;
  lastError: string | undefined;
  createdDate: string;
  sentDate: string | undefined;
  nextAttemptDate: string | undefined;
}

export async function listOutbox(
  db: Queryable,
  siteId: string,
  options: { state?: MailState | undefined; limit: number; before?: Date | undefined; id?: string },
): Promise<OutboxRow[]> {
  const params: unknown[] = [siteId];
  let where = 'site_id = $1';
  if (options.state) where += ` and ${STATE_SQL} = $${params.push(options.state)}`;
  if (options.id) where += ` and id = $${params.push(options.id)}`;
  if (options.before) where += ` and created_at < $${params.push(options.before)}`;
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, kind, to_address, subject, ${STATE_SQL} as state, attempts, last_error, created_at, sent_at, next_attempt_at
     from mail_outbox where ${where} order by created_at desc, id desc limit ${options.limit}`,
    params,
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    to: String(r.to_address),
    // Verification subjects carry the code; the console shows the mail, not the secret in it.
    subject: String(r.subject).replace(/\b\d{6}\b/g, '••••••'),
    state: r.state as MailState,
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? undefined,
    createdDate: new Date(r.created_at as string).toISOString(),
    sentDate: r.sent_at ? new Date(r.sent_at as string).toISOString() : undefined,
    nextAttemptDate:
      r.state === 'waiting' || r.state === 'failing' ? new Date(r.next_attempt_at as string).toISOString() : undefined,
  }));
}

/** GET /_admin/v1/mail?siteId=&state=&limit=&before= */
export async function listOutboxHandler(ctx: AppContext, request: FastifyRequest, query: Record<string, unknown>) {
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.mail);
  const state = query.state === undefined || query.state === '' ? undefined : String(query.state).toLowerCase();
  if (state !== undefined && !MAIL_STATES.includes(state as MailState))
    throw invalidField('state', `must be one of ${MAIL_STATES.join(', ')}`, 'INVALID_ENUM');
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500)
    throw invalidField('limit', 'must be an integer from 1 to 500');
  const before = query.before === undefined ? undefined : new Date(String(query.before));
  if (before && Number.isNaN(before.getTime())) throw invalidField('before', 'must be an ISO 8601 date-time');
  return {
    messages: await listOutbox(ctx.db, siteId, { state: state as MailState | undefined, limit, before }),
    // Without SMTP nothing is sent: mail waits in the outbox (and, in development, the dev mailbox). The
    // site's own mail server (Settings → Mail) counts as much as the operator's SMTP_URL.
    smtp: Boolean(ctx.config.smtpUrl || ctx.sites.get(siteId)?.mail?.smtp),
    devMailbox: ctx.config.devMailbox ? '/_dev/mail' : undefined,
  };
}

/** POST /_admin/v1/mail/:id/retry {siteId}: a failed message gets a fresh set of attempts, starting now. */
export async function retryMailHandler(ctx: AppContext, request: FastifyRequest, params: { id: string }) {
  const input = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const access = await adminAccess(
    ctx,
    request,
    input.siteId ?? (request.query as Record<string, unknown> | undefined)?.siteId,
    CONSOLE_ROLES.mail,
  );
  const { id } = params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw appError('MAIL_NOT_FOUND');
  const { rowCount } = await ctx.db.query(
    `update mail_outbox set failed_at = null, last_error = null, attempts = 0, next_attempt_at = $3, locked_until = null
     where site_id = $1 and id = $2 and failed_at is not null and sent_at is null`,
    [access.siteId, id, new Date(ctx.now())],
  );
  if (rowCount === 0) {
    const exists = await ctx.db.query('select 1 from mail_outbox where site_id = $1 and id = $2', [access.siteId, id]);
    if (!exists.rows.length) throw appError('MAIL_NOT_FOUND');
    throw appError('MAIL_NOT_FAILED');
  }
  await recordOwnerAction(ctx, request, access, { action: 'retry_mail', mailId: id });
  const [message] = await listOutbox(ctx.db, access.siteId, { limit: 1, id });
  return { message };
}
