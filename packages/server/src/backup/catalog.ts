import type { Queryable } from '../store/types.js';

/**
 * What a snapshot copies, read from the database's own catalog rather than listed by hand, so a table a
 * later migration adds is copied without touching this code: every table of the `public` schema (parents
 * before the tables whose foreign keys point at them), its sequences, and the indexes made at run time
 * (data/indexes.ts builds sort and text indexes on demand; migrations do not recreate them).
 */

export interface SequenceValue {
  name: string;
  /** null: never used (nothing to set). */
  lastValue: number | null;
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

/** A double-quoted identifier; names come from the catalog, never from a caller. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables in an order that loads without a foreign-key failure: referenced tables first, then by name. */
export async function tablesInLoadOrder(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await db.query<{ child: string; parent: string }>(
      `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
    )
  ).rows;
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    // A cycle of foreign keys between tables (none today) would stop here: name it instead of looping.
    if (!ready.length)
      throw new Error(`foreign keys form a cycle among: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** Columns a row is loaded into: generated columns are computed again by the target. */
export async function insertableColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

export async function sequenceValues(db: Queryable): Promise<SequenceValue[]> {
  const { rows } = await db.query<{ name: string; last_value: string | number | null }>(
    `select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value === null ? null : Number(r.last_value) }));
}

export async function indexDefinitions(db: Queryable): Promise<IndexDefinition[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public' order by indexname`,
  );
  return rows;
}

export async function rowCount(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${ident(table)}`);
  return Number(rows[0]!.n);
}

/**
 * An order-free checksum of a table: the sum of each row's md5 (first 64 bits, signed) over its JSON text,
 * the same text the snapshot carries (rowChecksum computes the same per row in JS). Run with the session's
 * time zone at UTC (snapshotSettings) so timestamps print alike on both sides.
 */
export async function tableChecksum(db: Queryable, table: string): Promise<string> {
  const { rows } = await db.query<{ sum: string | null }>(
    `select sum(('x' || substr(md5(to_jsonb(t)::text), 1, 16))::bit(64)::bigint)::text as sum from ${ident(table)} t`,
  );
  return rows[0]!.sum ?? '0';
}

/** Output settings that make a row's JSON text the same on every server (inside a transaction). */
export async function snapshotSettings(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('TimeZone', 'UTC', true), set_config('IntervalStyle', 'postgres', true)`);
}

/** Every key-encryption key id (key-encryption.ts fingerprint) the live private keys are sealed with. */
export async function sealingKeyIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select distinct split_part(private_key_sealed, '.', 2) as id from server_keys
     where private_key_sealed is not null and retired_at is null order by 1`,
  );
  return rows.map((r) => r.id);
}

export async function appliedMigrations(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version');
  return rows.map((r) => Number(r.version));
}

/** Tables in `public` (an empty database has none). */
export async function publicTableCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  return Number(rows[0]!.n);
}
