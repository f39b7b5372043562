/**
 * `vitrine members import FILE --format auth0|firebase|supabase|clerk|csv [--dry-run]`: on DATABASE_URL or
 * the data directory; through the running server's admin API when an embedded database is held by one.
 */
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { runningServer } from './store/running-server.js';
import type { ServerConfig } from './config/types.js';
import { IMPORT_FORMATS } from './member-admin/import/formats.js';
import { runImport, type ImportRequest } from './member-admin/import/routes.js';
import type { ImportReport } from './member-admin/import/run.js';
import { AuthEventLog } from './security/index.js';
import { migrate } from './store/migrate.js';
import { openDatabase } from './store/open.js';

export interface MembersImportOptions {
  format: string | undefined;
  dryRun: boolean;
  site: string | undefined;
  /** Firebase: --hash-key, --salt-separator, --rounds, --mem-cost. */
  hashKey?: string | undefined;
  saltSeparator?: string | undefined;
  rounds?: string | undefined;
  memCost?: string | undefined;
}

/** A mistake in the command line (exit code 2). */
export class ImportUsageError extends Error {}
const usage = (message: string) => new ImportUsageError(message);

export async function importMembersCommand(
  config: ServerConfig,
  file: string,
  options: MembersImportOptions,
  progress: (line: string) => void,
): Promise<ImportReport> {
  const format = options.format;
  if (!format || !(IMPORT_FORMATS as readonly string[]).includes(format))
    throw usage(`--format must be one of ${IMPORT_FORMATS.join(', ')}${format ? ` (got "${format}")` : ''}`);
  const siteId = options.site ?? config.storefront.siteId;
  if (!config.sites.some((s) => s.id === siteId)) throw usage(`--site "${siteId}" is not a configured site`);
  const input: ImportRequest = {
    siteId,
    format: format as ImportRequest['format'],
    content: readFileSync(file, 'utf8'),
    dryRun: options.dryRun,
  };
  if (options.hashKey) {
    input.firebase = {
      signerKey: options.hashKey,
      saltSeparator: options.saltSeparator ?? '',
      rounds: Number(options.rounds ?? 8),
      memCost: Number(options.memCost ?? 14),
    };
  }
  if (!config.databaseUrl) {
    const running = runningServer(config.dataDir);
    if (running) return viaServer(running.url, config.adminKey, input);
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.database });
  try {
    await migrate(db);
    const started = Date.now();
    // The operator's command: it may link existing members, who are mailed (the outbox a server delivers).
    const events = new AuthEventLog(db, pino({ level: 'silent' }), Date.now);
    const notices = { site: config.sites.find((s) => s.id === siteId)!, record: events.record.bind(events) };
    return await runImport({ db, now: Date.now }, siteId, input, { importer: 'operator', notices }, (done, total) => {
      const seconds = (Date.now() - started) / 1000;
      progress(`${done}/${total} rows (${Math.round(done / Math.max(seconds, 0.001))}/s)`);
    });
  } finally {
    await db.close();
  }
}

async function viaServer(url: string, adminKey: string, input: ImportRequest): Promise<ImportReport> {
  const response = await fetch(`${url}/_admin/v1/members/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).catch((error: unknown) => {
    throw new Error(`the server running on this data directory (${url}) did not answer: ${(error as Error).message}`);
  });
  const body = (await response.json().catch(() => ({}))) as ImportReport & { message?: string };
  if (!response.ok)
    throw new Error(
      `the server running on this data directory (${url}) answered ${response.status}: ${body.message ?? ''}`,
    );
  return body;
}

/** The report as an operator reads it: the counts, then one line per refused row. */
export function formatImportReport(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? 'Dry run — nothing written. Would import' : 'Imported'} ${report.total} rows: ` +
      `${report.created} new, ${report.updated} updated, ${report.refused.length} refused; ` +
      `${report.withoutPassword} without a usable password hash (they sign in through a password reset); ` +
      `${report.linked} provider links added.`,
  ];
  for (const r of report.refused) lines.push(`  row ${r.row}${r.email ? ` (${r.email})` : ''}: ${r.reason}`);
  return `${lines.join('\n')}\n`;
}
