import type { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '../src/store/pglite.js';
import type { Database, Queryable } from '../src/store/types.js';

/**
 * Test databases a worker has finished with, emptied back to the migrated snapshot and kept for its next test
 * server: opening the snapshot costs ~0.35 s of CPU (unpacking it into WASM's file system, PostgreSQL's start),
 * emptying a used database a few hundredths. A database is kept only when it is provably as fresh as a new
 * one (`recycle`); anything else a test did to it (a table, an index, statistics, a role) closes it instead.
 */
const idle: PGlite[] = [];
// A worker rarely has more than a few test servers open at once; more idle databases would only hold memory.
const MAX_IDLE = 3;

/** What a database opened from the snapshot looks like before any test touched it. */
interface Pristine {
  catalogue: string;
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}
let pristine: Promise<Pristine> | undefined;

/**
 * Every object the migrations made, by what identifies it (oids included: a table dropped and made again is
 * not the same table), and the planner's statistics. Not the tables' rows, sizes or file numbers: emptying
 * resets those. An index the data service made on first use is a catalogue change like any other.
 */
const CATALOGUE = `
  select md5(string_agg(line, E'\\n' order by line)) as catalogue from (
    select format('class %s %s %s %s %s %s', oid, relname, relkind, relnamespace, relowner, relacl) as line
      from pg_class where oid >= 16384
    union all select format('attribute %s %s %s %s %s %s %s', attrelid, attnum, attname, atttypid, attnotnull,
      attisdropped, attacl) from pg_attribute where attrelid >= 16384
    union all select format('default %s %s', oid, pg_get_expr(adbin, adrelid)) from pg_attrdef
    union all select format('constraint %s %s %s', oid, conname, pg_get_constraintdef(oid)) from pg_constraint where oid >= 16384
    union all select format('index %s %s', indexrelid, indisvalid) from pg_index where indexrelid >= 16384
    union all select format('function %s %s %s %s', oid, proname, md5(prosrc), proacl) from pg_proc where oid >= 16384
    union all select format('trigger %s %s %s', oid, tgname, tgenabled) from pg_trigger where oid >= 16384
    union all select format('type %s %s', oid, typname) from pg_type where oid >= 16384
    union all select format('namespace %s %s %s', oid, nspname, nspacl) from pg_namespace
    union all select format('role %s', r) from pg_authid r
    union all select format('membership %s', m) from pg_auth_members m
    union all select format('extension %s %s', extname, extversion) from pg_extension
    union all select format('policy %s', oid) from pg_policy
    union all select format('setting %s', s) from pg_db_role_setting s
    union all select format('statistic %s %s', starelid, staattnum) from pg_statistic where starelid >= 16384
    union all select format('migration %s %s', version, name) from schema_migrations
  ) as everything`;

const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, 1)::text as "lastValue",
  last_value is not null as "isCalled" from pg_sequences`;

/** Tables with pages: rows, or the dead rows of deleted ones (the planner would count those pages). */
const USED_TABLES = `select format('%I.%I', nspname, relname) as name from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where relkind = 'r' and c.oid >= 16384 and nspname not in ('pg_catalog', 'information_schema')
    and relname <> 'schema_migrations' and pg_relation_size(c.oid) > 0`;

async function catalogueOf(pg: PGlite): Promise<string> {
  return (await pg.query<{ catalogue: string }>(CATALOGUE)).rows[0]!.catalogue;
}

async function pristineOf(pg: PGlite): Promise<Pristine> {
  const sequences = await pg.query<Pristine['sequences'][number]>(SEQUENCES);
  return { catalogue: await catalogueOf(pg), sequences: sequences.rows };
}

/** A database from the pool, or a new one from `open` (the migrated snapshot). */
export async function pooledPglite(open: () => Promise<PGlite>): Promise<Database> {
  let pg = idle.pop();
  if (!pg) {
    pg = await open();
    // The worker's first database, untouched yet, is what every later one is compared with.
    await (pristine ??= pristineOf(pg));
  }
  return handle(pg);
}

/**
 * The app's database over `pg`, closed like any other: calls after `close` fail as on a closed PGlite, and
 * `close` waits for the calls already made before it empties the database, so none of them lands in the next
 * test's.
 */
function handle(pg: PGlite): Database {
  let open = true;
  const pending = new Set<Promise<unknown>>();
  const closed = () => Promise.reject(new Error('PGlite is closed'));
  const track = <T>(run: () => Promise<T>): Promise<T> => {
    if (!open) return closed();
    const call = run();
    pending.add(call);
    const done = () => pending.delete(call);
    call.then(done, done);
    return call;
  };
  const inner = pgliteDatabase(pg, async () => {
    if (!open) return;
    open = false;
    await Promise.allSettled([...pending]);
    await recycle(pg);
  });
  return {
    ...inner,
    query: (sql, params) => track(() => inner.query(sql, params)),
    exec: (sql) => track(() => inner.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => track(() => inner.transaction(fn)),
  };
}

/** Empties `pg` back to the snapshot and keeps it, or closes it when a test changed more than rows. */
async function recycle(pg: PGlite): Promise<void> {
  let keep = false;
  try {
    const before = await pristine!;
    // A test may have left its session changed: a role, settings, advisory locks, prepared statements.
    await pg.exec('discard all');
    if ((await catalogueOf(pg)) === before.catalogue) {
      const used = await pg.query<{ name: string }>(USED_TABLES);
      // Triggers that keep tables append-only refuse a TRUNCATE; a replica session does not fire them.
      await pg.exec('set session_replication_role = replica');
      if (used.rows.length) await pg.exec(`truncate ${used.rows.map((r) => r.name).join(', ')} cascade`);
      const { sequences } = before;
      await pg.query(
        `select setval(name::regclass, value::bigint, called)
           from unnest($1::text[], $2::text[], $3::bool[]) as s(name, value, called)`,
        [sequences.map((s) => s.name), sequences.map((s) => s.lastValue), sequences.map((s) => s.isCalled)],
      );
      await pg.exec('discard all');
      keep = idle.length < MAX_IDLE;
    }
  } catch {
    // Whatever failed (a transaction a test left open, a statement in flight), a new database is the safe choice.
    keep = false;
  }
  if (keep) idle.push(pg);
  else await pg.close().catch(() => {});
}

/** How many emptied databases wait for a test server in this worker (the pool's own tests). */
export function idlePgliteCount(): number {
  return idle.length;
}
