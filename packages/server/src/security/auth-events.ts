import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { deferWrite, type DeferredWrite } from '../store/deferred-writes.js';
import type { Queryable } from '../store/types.js';
import type { AuthEventType } from './audit-names.js';
import { clientIp } from './client-ip.js';

/**
 * The authentication event log (audit F-11, ASVS 16.3): every sign-in success and failure, lockout,
 * password change and reset, revoked session, factor change and API-key or admin-key use, with who,
 * site, client, address and time. Kept in `auth_events` (the console's audit log reads it) and written
 * as one structured log line per event. Never given a secret: callers pass outcomes, not credentials.
 */
export type { AuthEventType } from './audit-names.js';

export type AuthEventOutcome = 'success' | 'failure' | 'refused';

export interface AuthEvent {
  type: AuthEventType;
  outcome: AuthEventOutcome;
  siteId: string;
  memberId?: string | undefined;
  /** The login email tried (failures of unknown accounts have no member id). */
  email?: string | undefined;
  clientId?: string | undefined;
  ip?: string | undefined;
  /** Small, secret-free facts: a reason code, a key name, a factor type. */
  detail?: Record<string, string | number | boolean | undefined> | undefined;
}

export interface StoredAuthEvent extends Omit<AuthEvent, 'detail'> {
  id: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** The address and client of a request, for events recorded on its behalf. */
export function requestOrigin(request: FastifyRequest): { ip: string } {
  return { ip: clientIp(request) };
}

const FLUSH_MS = 200;
const MAX_BUFFERED = 500;

export class AuthEventLog {
  private buffer: { event: AuthEvent; at: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    /** Sees every event as it is recorded (the metrics count sign-ins and second steps here). */
    private readonly observe?: (event: AuthEvent) => void,
  ) {}

  /**
   * With `tx`, the event is written in that transaction and commits (or rolls back) with the change it
   * records. Without, it is batched: failures and key uses do not each pay a round trip on hot paths;
   * the batch is written within 200 ms and on close.
   */
  async record(event: AuthEvent, tx?: Queryable): Promise<void> {
    const at = this.now();
    this.observe?.(event);
    this.log.info(
      { authEvent: { ...event, at: new Date(at).toISOString() } },
      `auth event ${event.type} ${event.outcome}`,
    );
    if (tx) {
      // Deferred: inside a sign-in's transaction it goes out in one statement with the session's other writes.
      await deferWrite(tx, insertStatement([{ event, at }]));
      return;
    }
    this.buffer.push({ event, at });
    if (this.buffer.length >= MAX_BUFFERED) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is buffered; resolves when it is stored (tests and the audit reader call it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        const { sql, params } = insertStatement(batch);
        await this.db.query(sql, params);
      } catch (error) {
        // The log line above already carries every event; a failed batch must not crash the server.
        this.log.error({ err: { message: (error as Error).message }, lost: batch.length }, 'auth events not stored');
      }
    });
    return this.flushing;
  }

  async list(
    siteId: string,
    filter: { memberId?: string; type?: string; limit?: number; before?: Date } = {},
  ): Promise<StoredAuthEvent[]> {
    await this.flush();
    const params: unknown[] = [siteId];
    let where = 'site_id = $1';
    if (filter.memberId) where += ` and member_id = $${params.push(filter.memberId)}`;
    if (filter.type) where += ` and type = $${params.push(filter.type)}`;
    if (filter.before) where += ` and created_at < $${params.push(filter.before)}`;
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const { rows } = await this.db.query<Record<string, unknown>>(
      `select id, site_id, type, outcome, member_id, email, client_id, ip, detail, created_at from auth_events
       where ${where} order by created_at desc, id limit ${limit}`,
      params,
    );
    return rows.map((r) => ({
      id: String(r.id),
      siteId: String(r.site_id),
      type: r.type as AuthEventType,
      outcome: r.outcome as AuthEventOutcome,
      memberId: (r.member_id as string | null) ?? undefined,
      email: (r.email as string | null) ?? undefined,
      clientId: (r.client_id as string | null) ?? undefined,
      ip: (r.ip as string | null) ?? undefined,
      detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
      createdAt: new Date(r.created_at as string).toISOString(),
    }));
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

function insertStatement(batch: { event: AuthEvent; at: number }[]): DeferredWrite {
  const params: unknown[] = [];
  const values = batch.map(({ event: e, at }) => {
    const base = params.length;
    params.push(
      e.siteId,
      randomUUID(),
      e.type,
      e.outcome,
      e.memberId?.slice(0, 64) ?? null,
      e.email?.slice(0, 254) ?? null,
      e.clientId?.slice(0, 200) ?? null,
      e.ip ?? null,
      JSON.stringify(e.detail ?? {}),
      new Date(at),
    );
    return `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  return {
    sql: `insert into auth_events (site_id, id, type, outcome, member_id, email, client_id, ip, detail, created_at) values ${values.join(', ')}`,
    params,
  };
}
