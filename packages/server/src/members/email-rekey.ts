/**
 * Brings stored email keys to today's rule (email-key.ts, audit S-8) at start, after the migrations. Only
 * members still at key version 1 are read (migration 16 left there the addresses that are not plain ASCII),
 * and the owners, who are few. A row whose new key another row already holds is never merged into it: it
 * keeps its old key, is listed in `email_key_collisions` and logged, and the operator decides.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../store/types.js';
import { emailKey } from '../security/index.js';
import { isUniqueViolation } from '../store/unique-indexes.js';

export interface RekeyReport {
  rekeyed: number;
  collisions: number;
}

interface Row {
  site_id: string;
  id: string;
  email: string;
  email_key: string;
}

type Kind = 'member' | 'owner';

/** The statements per table; `$1` is the site (members) or unused (owners, which belong to the server). */
const SQL: Record<Kind, { holder: string; move: string; settle?: string }> = {
  member: {
    holder: 'select id::text as id from members where site_id = $1 and email_key = $2 and id::text <> $3 limit 1',
    move: 'update members set email_key = $3, email_key_version = 2 where site_id = $1 and id::text = $2',
    settle: 'update members set email_key_version = 2 where site_id = $1 and id::text = $2',
  },
  owner: {
    holder: 'select id::text as id from owners where $1::text = $1 and email_key = $2 and id::text <> $3 limit 1',
    move: 'update owners set email_key = $3 where $1::text = $1 and id::text = $2',
  },
};

type Outcome = 'rekeyed' | 'collision' | 'same';

/** One row: moved to its new key, or recorded as a collision. Its own transaction, so one clash stops nothing. */
async function rekeyRow(db: Database, kind: Kind, row: Row, now: Date): Promise<Outcome> {
  const key = emailKey(row.email);
  const sql = SQL[kind];
  const settle = async (q: Queryable) => {
    if (sql.settle) await q.query(sql.settle, [row.site_id, row.id]);
  };
  if (key === row.email_key) {
    await settle(db);
    return 'same';
  }
  try {
    return await db.transaction(async (tx): Promise<Outcome> => {
      const { rows } = await tx.query<{ id: string }>(sql.holder, [row.site_id, key, row.id]);
      if (!rows[0]) {
        await tx.query(sql.move, [row.site_id, row.id, key]);
        return 'rekeyed';
      }
      await tx.query(
        `insert into email_key_collisions (kind, site_id, id, email, normalized_key, conflicting_id, detected_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
        [kind, row.site_id, row.id, row.email, key, rows[0].id, now],
      );
      await settle(tx);
      return 'collision';
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return 'collision'; // another replica moved the other row first: the next start records it
  }
}

export async function rekeyEmails(db: Database, log: FastifyBaseLogger, now: Date): Promise<RekeyReport> {
  const report: RekeyReport = { rekeyed: 0, collisions: 0 };
  const count = (outcome: string, kind: Kind, row: Row) => {
    if (outcome === 'rekeyed') report.rekeyed++;
    if (outcome !== 'collision') return;
    report.collisions++;
    // Ids only: the addresses are in the table, not in the log.
    log.warn(
      { kind, siteId: row.site_id, id: row.id },
      'email key collision: left on its old key (email_key_collisions)',
    );
  };
  // In pages; a row left at version 1 by a clash with another replica ends the pass (the next start retries).
  for (let seen = new Set<string>(); ;) {
    const { rows } = await db.query<Row>(
      'select site_id, id::text as id, email, email_key from members where email_key_version < 2 limit 500',
    );
    const fresh = rows.filter((r) => !seen.has(r.id));
    for (const row of fresh) {
      seen.add(row.id);
      count(await rekeyRow(db, 'member', row, now), 'member', row);
    }
    if (rows.length < 500 || fresh.length === 0) break;
  }
  const owners = await db.query<Row>(`select '' as site_id, id::text as id, email, email_key from owners`);
  for (const row of owners.rows) count(await rekeyRow(db, 'owner', row, now), 'owner', row);
  return report;
}
