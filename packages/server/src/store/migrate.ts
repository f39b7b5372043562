import type { Database, Migration } from './types.js';
import { migrations as builtIn } from './migrations/index.js';

// Any constant works; it only has to be the same for every instance of Vitrine.
const MIGRATION_LOCK = 7_324_511;

export interface MigrationReport {
  applied: string[];
}

/**
 * Applies every migration not yet recorded, in one transaction under an advisory lock,
 * so two instances starting together neither race nor apply a step twice.
 */
export async function migrate(db: Database, list: readonly Migration[] = builtIn): Promise<MigrationReport> {
  assertOrdered(list);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      site_id text not null default '*',
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = await tx.query<{ version: number }>('select version from schema_migrations');
    const seen = new Set(done.rows.map((r) => Number(r.version)));
    const applied: string[] = [];
    for (const m of list) {
      if (seen.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(`${m.version}_${m.name}`);
    }
    return { applied };
  });
}

function assertOrdered(list: readonly Migration[]): void {
  for (let i = 1; i < list.length; i++) {
    if (list[i]!.version <= list[i - 1]!.version) {
      throw new Error(`migrations out of order at ${list[i]!.version}_${list[i]!.name}`);
    }
  }
}
