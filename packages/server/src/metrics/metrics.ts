/**
 * What `/metrics` reports (Prometheus text format, prom-client): one registry per app, so several apps
 * in one process (tests) never mix their counts. Label values are bounded: route templates (never raw
 * paths), grant types the server knows, reason codes from code, factor types.
 */
import client from 'prom-client';
import type { AuthEvent } from '../security/index.js';
import type { Database, Queryable } from '../store/types.js';

/**
 * How often the event-loop delay is sampled: a timer that wakes the process each time. prom-client's 10 ms woke
 * an idle server 100 times a second, most of its idle CPU (an idle embedded server: 10.6 → 2.9 ms of CPU per
 * second, bench/RESULTS.md → #54, sixth pass). At 100 ms a stall of 100 ms or more is always seen and a
 * shorter one in proportion to its length: enough for the p99 > 0.2 s alert of docs/operating.md.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATEMENT_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
// Reason codes and states are code literals; anything else (a future free-text value) is folded away.
const label = (value: unknown, fallback: string) =>
  typeof value === 'string' && /^[A-Za-z_]{1,48}$/.test(value) ? value : fallback;

/**
 * The sign-in answers for an unknown address, a wrong password and an account without a password are the
 * same on purpose; a label that told them apart would turn whoever reads /metrics into an account-enumeration
 * oracle (audit V5-11). The authentication event log, which only the site's owners read, keeps the detail.
 */
const CREDENTIAL_FAILURES = new Set(['unknown_account', 'wrong_password', 'no_password']);
const failureLabel = (reason: unknown): string =>
  typeof reason === 'string' && CREDENTIAL_FAILURES.has(reason) ? 'bad_credentials' : label(reason, 'other');

export class Metrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Histogram<'method' | 'route' | 'status'>;
  private readonly grants: client.Counter<'grant_type' | 'outcome'>;
  private readonly signIns: client.Counter<'who' | 'outcome' | 'reason'>;
  private readonly secondSteps: client.Counter<'factor' | 'outcome'>;
  private readonly statements: client.Histogram<'kind'>;
  private readonly outboxPending: client.Gauge<'outbox'>;
  private readonly outboxOldest: client.Gauge<'outbox'>;
  private readonly pool: client.Gauge<'state'>;

  constructor(private readonly db: Database) {
    const registers = [this.registry];
    // Event-loop delay (nodejs_eventloop_lag_*), process memory, CPU, handles, GC: prom-client's defaults, the
    // delay sampled every EVENT_LOOP_SAMPLE_MS instead of every 10 ms.
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.requests = new client.Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status, with their latency',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    });
    this.grants = new client.Counter({
      name: 'vitrine_token_grants_total',
      help: 'Token endpoint requests by grant type and outcome (success, failure)',
      labelNames: ['grant_type', 'outcome'],
      registers,
    });
    this.signIns = new client.Counter({
      name: 'vitrine_sign_ins_total',
      help: 'Sign-ins of members and owners by outcome (success, failure, refused) and reason or resulting state',
      labelNames: ['who', 'outcome', 'reason'],
      registers,
    });
    this.secondSteps = new client.Counter({
      name: 'vitrine_second_steps_total',
      help: 'Second-factor answers by factor type and outcome',
      labelNames: ['factor', 'outcome'],
      registers,
    });
    this.statements = new client.Histogram({
      name: 'vitrine_db_statement_duration_seconds',
      help: 'Database statements (pool wait included), by database kind',
      labelNames: ['kind'],
      buckets: STATEMENT_SECONDS,
      registers,
    });
    this.outboxPending = new client.Gauge({
      name: 'vitrine_outbox_pending',
      help: 'Mail and webhook deliveries waiting to be sent (retries included)',
      labelNames: ['outbox'],
      registers,
    });
    this.outboxOldest = new client.Gauge({
      name: 'vitrine_outbox_oldest_age_seconds',
      help: 'Age of the oldest delivery still waiting, 0 when none waits',
      labelNames: ['outbox'],
      registers,
    });
    this.pool = new client.Gauge({
      name: 'vitrine_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting = callers queued for one; max)',
      labelNames: ['state'],
      registers,
    });
  }

  request(method: string, route: string | undefined, status: number, seconds: number): void {
    // Unmatched URLs (404s of scanners) share one label instead of one series per path.
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  grant(grantType: string, outcome: 'success' | 'failure'): void {
    this.grants.inc({ grant_type: grantType, outcome });
  }

  /** Fed by the authentication event log: sign-ins and second steps are counted where they are recorded. */
  authEvent(event: AuthEvent): void {
    if (event.type !== 'sign_in' && event.type !== 'owner_sign_in') return;
    const detail = event.detail ?? {};
    const reason = event.outcome === 'success' ? label(detail.state, 'SUCCESS') : failureLabel(detail.reason);
    this.signIns.inc({ who: event.type === 'sign_in' ? 'member' : 'owner', outcome: event.outcome, reason });
    if (detail.factorType !== undefined && detail.passwordless !== true)
      this.secondSteps.inc({ factor: label(detail.factorType, 'other'), outcome: event.outcome });
  }

  statement(seconds: number): void {
    this.statements.observe({ kind: this.db.kind }, seconds);
  }

  /** The Prometheus text; gauges read from the database are refreshed first. */
  async render(now: Date): Promise<string> {
    await this.readOutboxes(now);
    const stats = this.db.poolStats?.();
    if (stats) for (const [state, value] of Object.entries(stats)) this.pool.set({ state }, value);
    return this.registry.metrics();
  }

  /** Both outboxes have partial indexes on what waits: a scrape never reads the years of delivered rows. */
  private async readOutboxes(now: Date): Promise<void> {
    const { rows } = await this.db.query<{ outbox: string; pending: string; oldest: number | null }>(
      `select 'mail' as outbox, count(*) as pending,
              extract(epoch from ($1::timestamptz - min(created_at)))::float8 as oldest
         from mail_outbox where sent_at is null and failed_at is null
       union all
       select 'webhook', count(*), extract(epoch from ($1::timestamptz - min(created_at)))::float8
         from webhook_deliveries where status = 'pending'`,
      [now],
    );
    for (const row of rows) {
      this.outboxPending.set({ outbox: row.outbox }, Number(row.pending));
      this.outboxOldest.set({ outbox: row.outbox }, Math.max(0, Number(row.oldest ?? 0)));
    }
  }
}

/** The database with every statement timed (transactions' statements included); everything else as is. */
export function timedDatabase(db: Database, metrics: Metrics): Database {
  const timed = (q: Queryable): Queryable['query'] =>
    async function query(sql, params) {
      const started = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        metrics.statement((performance.now() - started) / 1000);
      }
    };
  return {
    ...db,
    query: timed(db),
    transaction: (fn) => db.transaction((tx) => fn({ query: timed(tx), exec: (sql) => tx.exec(sql) })),
    ...(db.queryWithin && { queryWithin: timedWithin(db.queryWithin.bind(db), metrics) }),
  };
}

function timedWithin(queryWithin: NonNullable<Database['queryWithin']>, metrics: Metrics): Database['queryWithin'] {
  return async function timed(timeLimitMs, sql, params) {
    const started = performance.now();
    try {
      return await queryWithin(timeLimitMs, sql, params);
    } finally {
      metrics.statement((performance.now() - started) / 1000);
    }
  };
}
