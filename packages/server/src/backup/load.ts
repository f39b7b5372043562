import type { Database, Queryable } from '../store/types.js';
import {
  ident,
  insertableColumns,
  rowCount,
  sequenceValues,
  snapshotSettings,
  tableChecksum,
  tablesInLoadOrder,
} from './catalog.js';
import type { Progress } from './export.js';
import { BackupFormatError, type Entry, type Manifest } from './format.js';
import { rebuildRunTimeIndexes } from './run-time-indexes.js';

/** Rows per INSERT, and the most text one may carry (a few wide rows must not make a huge statement). */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

export class VerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationError';
  }
}

/**
 * Loads a snapshot's rows into `db`, whose schema has just been migrated to the snapshot's own migrations
 * (restore.ts, move.ts): in one transaction, empties what the migrations wrote, inserts every table in the
 * snapshot's order, sets the sequences, and checks each table's row count and checksum against the
 * snapshot. Any difference rolls everything back. Then it builds the run-time indexes.
 *
 * Restore is data only (audit V5-6): nothing from the file reaches SQL as text. Table and sequence names
 * must be ones this schema has (checkNames) and are quoted; rows and values are parameters; indexes are
 * built from what the server knows (run-time-indexes.ts), never from the manifest's definitions.
 */
export async function loadSnapshot(
  db: Database,
  manifest: Manifest,
  entries: AsyncIterator<Entry>,
  progress: Progress = () => {},
): Promise<{ rows: number; indexes: number }> {
  const { rows } = await db.transaction(async (tx) => {
    await snapshotSettings(tx);
    await checkNames(tx, manifest);
    await emptyTables(tx, Object.keys(manifest.tables));
    let total = 0;
    let checksums: Record<string, string> | undefined;
    for (;;) {
      const next = await entries.next();
      if (next.done) break;
      const entry = next.value;
      if (entry.t === 'end') {
        checksums = entry.checksums;
        break;
      }
      if (entry.t !== 'table') throw new BackupFormatError(`unexpected ${entry.t} entry between tables`);
      if (!Object.hasOwn(manifest.tables, entry.name))
        throw new BackupFormatError(`table ${JSON.stringify(entry.name).slice(0, 80)} is not in the manifest`);
      total += await loadTable(tx, entry.name, entry.rows, entries, progress);
    }
    if (!checksums) throw new BackupFormatError('the snapshot ends without its checksums');
    // Read to the very end: a signed file's MAC is checked there (format.ts readBackup), before the commit.
    if (!(await entries.next()).done) throw new BackupFormatError('the snapshot goes on after its checksums');
    await setSequences(tx, manifest);
    progress('Checking row counts and checksums …');
    await verify(tx, manifest, checksums);
    return { rows: total };
  });
  return { rows, indexes: await rebuildRunTimeIndexes(db, progress) };
}

/**
 * Every name the manifest gives (tables, sequences) must be one the target's catalogue has: the schema this
 * build's own migrations just made. Counts and sequence values must be whole numbers.
 */
async function checkNames(tx: Queryable, manifest: Manifest): Promise<void> {
  const { tables, sequences } = manifest;
  if (typeof tables !== 'object' || tables === null || Array.isArray(tables) || !Array.isArray(sequences))
    throw new BackupFormatError('the manifest does not list its tables and sequences');
  const known = new Set(await tablesInLoadOrder(tx));
  const knownSequences = new Set((await sequenceValues(tx)).map((s) => s.name));
  const wrong = [
    ...Object.keys(tables)
      .filter((t) => !known.has(t))
      .map((t) => `a table this schema does not have (${JSON.stringify(t).slice(0, 80)})`),
    ...Object.entries(tables)
      .filter(([, n]) => !Number.isSafeInteger(n) || n < 0)
      .map(([t]) => `a row count that is not a number (${JSON.stringify(t).slice(0, 80)})`),
    ...sequences
      .filter((s) => typeof s?.name !== 'string' || !knownSequences.has(s.name))
      .map((s) => `a sequence this schema does not have (${JSON.stringify(s?.name ?? null).slice(0, 80)})`),
    ...sequences
      .filter((s) => s?.lastValue !== null && !Number.isSafeInteger(s?.lastValue))
      .map((s) => `a sequence value that is not a whole number (${JSON.stringify(s?.name ?? null).slice(0, 80)})`),
  ];
  if (wrong.length) throw new BackupFormatError(`the manifest names ${wrong.slice(0, 5).join(', ')}`);
}

/** Migrations write a few rows (their own record, defaults): the snapshot's rows replace them. */
async function emptyTables(tx: Queryable, tables: string[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) if ((await rowCount(tx, table)) > 0) filled.push(table);
  if (!filled.length) return;
  const list = filled.map(ident).join(', ');
  // The audit log refuses TRUNCATE by trigger (migration 75); this is a fresh copy, not a deletion of history.
  for (const table of filled) await tx.exec(`alter table ${ident(table)} disable trigger user`);
  await tx.exec(`truncate ${list}`);
  for (const table of filled) await tx.exec(`alter table ${ident(table)} enable trigger user`);
}

async function loadTable(
  tx: Queryable,
  table: string,
  rows: number,
  entries: AsyncIterator<Entry>,
  progress: Progress,
): Promise<number> {
  const columns = (await insertableColumns(tx, table)).map(ident).join(', ');
  // Identity columns keep their values (OVERRIDING SYSTEM VALUE); the sequences are set after.
  const insert = `insert into ${ident(table)} (${columns}) overriding system value
    select ${columns} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`;
  let batch: string[] = [];
  let chars = 0;
  let done = 0;
  let reported = 0;
  const flush = async () => {
    if (!batch.length) return;
    await tx.query(insert, [`[${batch.join(',')}]`]);
    done += batch.length;
    batch = [];
    chars = 0;
    if (done - reported >= 100_000) {
      progress(`  ${table}: ${done.toLocaleString('en')} of ${rows.toLocaleString('en')} rows written`);
      reported = done;
    }
  };
  for (let i = 0; i < rows; i++) {
    const next = await entries.next();
    if (next.done || next.value.t !== 'row') throw new BackupFormatError(`${table} ends before its ${rows} rows`);
    batch.push(next.value.json);
    chars += next.value.json.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return done;
}

async function setSequences(tx: Queryable, manifest: Manifest): Promise<void> {
  for (const { name, lastValue } of manifest.sequences) {
    if (lastValue === null) continue;
    await tx.query('select setval($1::regclass, $2, true)', [ident(name), lastValue]);
  }
}

async function verify(tx: Queryable, manifest: Manifest, checksums: Record<string, string>): Promise<void> {
  const wrong: string[] = [];
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const count = await rowCount(tx, table);
    if (count !== expected) {
      wrong.push(`${table}: ${count} rows, the manifest says ${expected}`);
      continue;
    }
    const sum = await tableChecksum(tx, table);
    if (sum !== checksums[table]) wrong.push(`${table}: checksum ${sum}, the snapshot's is ${checksums[table]}`);
  }
  if (wrong.length)
    throw new VerificationError(`the copy differs from the snapshot, nothing was kept:\n  ${wrong.join('\n  ')}`);
}
