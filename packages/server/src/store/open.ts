import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export interface OpenDatabaseOptions {
  /** `postgres://…`; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
