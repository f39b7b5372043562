import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import type { Queryable } from '../store/types.js';
import { requireAdminFor } from '../owners/admin-access.js';

/**
 * The console's Overview: members by status, sign-ups and sign-ins per day (UTC) for the last 30 days,
 * failed sign-ins, and mail waiting or failing. A handful of indexed aggregates; nothing is cached, so
 * every instance shows the same numbers.
 */
export const OVERVIEW_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export interface DayCount {
  day: string;
  signUps: number;
  signIns: number;
  failedSignIns: number;
}

export interface Overview {
  membersByStatus: { PENDING: number; ACTIVE: number; BLOCKED: number };
  days: DayCount[];
  failedSignIns: { last24Hours: number; last30Days: number };
  mail: { waiting: number; failing: number; failed: number };
}

const dayKey = (value: Date) => value.toISOString().slice(0, 10);

export async function siteOverview(db: Queryable, siteId: string, now: number): Promise<Overview> {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const since = new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
  const [statuses, signUps, signIns, mail] = await Promise.all([
    db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from members where site_id = $1 group by status',
      [siteId],
    ),
    db.query<{ day: string; n: number }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from members
       where site_id = $1 and created_at >= $2 group by 1`,
      [siteId, since],
    ),
    // Member sign-ins: password and external sign-on successes, and failures (wrong password, locked…).
    db.query<{ day: string; outcome: string; n: number }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, outcome, count(*)::int as n from auth_events
       where site_id = $1 and created_at >= $2 and type in ('sign_in', 'sign_on') group by 1, 2`,
      [siteId, since],
    ),
    db.query<{ waiting: number; failing: number; failed: number }>(
      `select count(*) filter (where failed_at is null and last_error is null)::int as waiting,
              count(*) filter (where failed_at is null and last_error is not null)::int as failing,
              count(*) filter (where failed_at is not null)::int as failed
       from mail_outbox where site_id = $1 and sent_at is null`,
      [siteId],
    ),
  ]);
  const days = new Map<string, DayCount>();
  for (let i = 0; i < OVERVIEW_DAYS; i++) {
    const day = dayKey(new Date(since.getTime() + i * DAY_MS));
    days.set(day, { day, signUps: 0, signIns: 0, failedSignIns: 0 });
  }
  for (const r of signUps.rows) {
    const d = days.get(r.day);
    if (d) d.signUps += Number(r.n);
  }
  for (const r of signIns.rows) {
    const d = days.get(r.day);
    if (!d) continue;
    if (r.outcome === 'success') d.signIns += Number(r.n);
    else d.failedSignIns += Number(r.n);
  }
  const failed24 = await db.query<{ n: number }>(
    `select count(*)::int as n from auth_events where site_id = $1 and created_at >= $2 and type in ('sign_in', 'sign_on') and outcome <> 'success'`,
    [siteId, new Date(now - DAY_MS)],
  );
  const byStatus = { PENDING: 0, ACTIVE: 0, BLOCKED: 0 };
  for (const r of statuses.rows) if (r.status in byStatus) byStatus[r.status as keyof typeof byStatus] = Number(r.n);
  const series = [...days.values()];
  return {
    membersByStatus: byStatus,
    days: series,
    failedSignIns: {
      last24Hours: Number(failed24.rows[0]?.n ?? 0),
      last30Days: series.reduce((sum, d) => sum + d.failedSignIns, 0),
    },
    mail: {
      waiting: Number(mail.rows[0]?.waiting ?? 0),
      failing: Number(mail.rows[0]?.failing ?? 0),
      failed: Number(mail.rows[0]?.failed ?? 0),
    },
  };
}

/** GET /_admin/v1/overview?siteId= */
export async function overviewHandler(ctx: AppContext, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.overview);
  await ctx.authEvents.flush();
  return siteOverview(ctx.db, siteId, ctx.now());
}
