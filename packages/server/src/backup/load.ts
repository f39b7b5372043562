import type { Database, Queryable } from '../store/types.js';
import { ident, indexDefinitions, insertableColumns, rowCount, snapshotSettings, tableChecksum } from './catalog.js';
import type { Progress } from './export.js';
import { BackupFormatError, type Entry, type Manifest } from './format.js';

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
 * snapshot's order, sets the sequences, builds the run-time indexes, and checks each table's row count and
 * checksum against the snapshot. Any difference rolls everything back.
 */
export async function loadSnapshot(
  db: Database,
  manifest: Manifest,
  entries: AsyncIterator<Entry>,
  progress: Progress = () => {},
): Promise<{ rows: number }> {
  return db.transaction(async (tx) => {
    await snapshotSettings(tx);
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
      if (!(entry.name in manifest.tables)) throw new BackupFormatError(`table ${entry.name} is not in the manifest`);
      total += await loadTable(tx, entry.name, entry.rows, entries, progress);
    }
    if (!checksums) throw new BackupFormatError('the snapshot ends without its checksums');
    await setSequences(tx, manifest);
    await buildIndexes(tx, manifest);
    progress('Checking row counts and checksums …');
    await verify(tx, manifest, checksums);
    return { rows: total };
  });
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

/** Indexes the source had that the migrations do not make (built at run time, data/indexes.ts). */
async function buildIndexes(tx: Queryable, manifest: Manifest): Promise<void> {
  const have = new Set((await indexDefinitions(tx)).map((i) => i.name));
  for (const index of manifest.indexes) if (!have.has(index.name)) await tx.exec(index.definition);
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
