import type { Database, Queryable } from '../store/types.js';
import {
  appliedMigrations,
  ident,
  indexDefinitions,
  rowCount,
  sealingKeyIds,
  sequenceValues,
  snapshotSettings,
  tablesInLoadOrder,
} from './catalog.js';
import { FORMAT, FORMAT_VERSION, rowChecksum, type Manifest, type SnapshotSink } from './format.js';

/** Rows fetched at a time: bounds memory whatever the table's size. */
const FETCH_ROWS = 2000;

export type Progress = (message: string) => void;

/**
 * Writes a consistent snapshot of `db` to `sink`. Everything is read in one transaction: on PostgreSQL a
 * repeatable-read, read-only one (writers go on; the snapshot is the database as of its first statement);
 * on PGlite the transaction holds the one connection, so writes wait until the snapshot is written —
 * every write acknowledged before the snapshot started is in it, none after.
 */
export async function exportSnapshot(
  db: Database,
  sink: SnapshotSink,
  progress: Progress = () => {},
): Promise<Manifest> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('set transaction isolation level repeatable read, read only');
    await snapshotSettings(tx);
    const manifest = await readManifestOf(tx, db.kind);
    if (sink.authentication) manifest.authentication = sink.authentication;
    await sink.write({ t: 'manifest', manifest });
    const checksums: Record<string, string> = {};
    for (const [table, rows] of Object.entries(manifest.tables)) {
      await sink.write({ t: 'table', name: table, rows });
      checksums[table] = await copyRows(tx, table, rows, sink, progress);
    }
    await sink.write({ t: 'end', checksums });
    return manifest;
  });
}

async function readManifestOf(tx: Queryable, source: Manifest['source']): Promise<Manifest> {
  const created = (await tx.query<{ now: Date | string }>('select now() as now')).rows[0]!.now;
  const migrations = await appliedMigrations(tx);
  const tables: Record<string, number> = {};
  for (const table of await tablesInLoadOrder(tx)) tables[table] = await rowCount(tx, table);
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    created: new Date(created).toISOString(),
    source,
    schemaVersion: migrations.at(-1) ?? 0,
    migrations,
    keyEncryptionKeyIds: await sealingKeyIds(tx),
    tables,
    sequences: await sequenceValues(tx),
    indexes: await indexDefinitions(tx),
  };
}

async function copyRows(tx: Queryable, table: string, expected: number, sink: SnapshotSink, progress: Progress) {
  const cursor = 'vitrine_snapshot';
  await tx.query(`declare ${cursor} no scroll cursor for select to_jsonb(t)::text as r from ${ident(table)} t`);
  let sum = 0n;
  let done = 0;
  let reported = 0;
  for (;;) {
    const { rows } = await tx.query<{ r: string }>(`fetch forward ${FETCH_ROWS} from ${cursor}`);
    if (!rows.length) break;
    for (const { r } of rows) {
      sum += rowChecksum(r);
      await sink.write({ t: 'row', json: r });
    }
    done += rows.length;
    // Long tables say how far they are, every 100,000 rows.
    if (done - reported >= 100_000) {
      progress(`  ${table}: ${done.toLocaleString('en')} of ${expected.toLocaleString('en')} rows read`);
      reported = done;
    }
  }
  await tx.query(`close ${cursor}`);
  if (done !== expected)
    throw new Error(`${table} changed during the snapshot (${done} rows read, ${expected} counted)`);
  return sum.toString();
}
