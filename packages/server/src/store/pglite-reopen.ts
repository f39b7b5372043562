/**
 * A start that migrated the embedded database opens it again (docs/operating.md → Memory of the embedded
 * database).
 *
 * PostgreSQL runs inside PGlite's WebAssembly heap, and a WebAssembly memory only grows: what the migrations
 * touched (every table, index and function of 100+ steps in one transaction, their catalog caches) stayed
 * resident for as long as the process lived, ~12 MB more than the same shop holds after a restart
 * (bench/RESULTS.md → Embedded footprint). Closing the cluster once the migrations are committed and opening
 * the same folder again starts from a fresh heap; the old one goes with the next collection. Only a start
 * that applied migrations pays for it (a first start, an upgrade): about the time of one more open.
 *
 * `VITRINE_PGLITE_REOPEN` (default `on`): `off` keeps the cluster the migrations ran in.
 */
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

/** Whether `VITRINE_PGLITE_REOPEN` leaves the reopen on (the default); `off` keeps the migrations' cluster. */
export function reopenFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.VITRINE_PGLITE_REOPEN?.trim();
  if (!raw || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`VITRINE_PGLITE_REOPEN must be "on" or "off", not "${raw.slice(0, 40)}"`);
}

/**
 * An embedded database kept in `dataDir`: migrated, and when that applied migrations, the same folder opened
 * again (`db` is then closed). Any other database is handed back untouched (the app migrates it). On an
 * error `db` is closed and the error thrown.
 */
export async function migrateAndReopen(
  db: Database,
  dataDir: string | undefined,
  options: { reopen?: boolean; open?: (dataDir: string) => Promise<Database> } = {},
): Promise<{ db: Database; reopened: boolean }> {
  try {
    const reopen = options.reopen ?? reopenFromEnv();
    if (!reopen || db.kind !== 'pglite' || !dataDir) return { db, reopened: false };
    const { applied } = await migrate(db);
    if (applied.length === 0) return { db, reopened: false };
    await db.close();
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return { db: await (options.open ?? openPglite)(dataDir), reopened: true };
}
