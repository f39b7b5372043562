import { messages as pgMessages, type PGlite } from '@electric-sql/pglite';
import { secondSighting } from './hot-statements.js';
import type { QueryResult } from './types.js';

/**
 * Named prepared statements for PGlite. `PGlite.query` sends Parse, Describe, Bind, Describe,
 * Execute and Sync as six separate calls into the WASM backend and has PostgreSQL parse and plan
 * the statement every time; profiles of the token endpoint showed that as most of a stored-session
 * refresh. Here a statement text is parsed and described once (its parameter and column types
 * kept), and each run is one call carrying Bind + Execute + Sync for the cached plan, whose answer
 * is read here from the raw bytes (data rows, command tag, error) rather than through PGlite's
 * general message parser.
 *
 * Values are serialized and rows parsed with PGlite's own type handlers (`pg.serializers`,
 * `pg.parsers`), so results are the same as `PGlite.query`'s. A text is prepared from its second run,
 * and only the first MAX_STATEMENTS such texts (the server's SQL is static text with parameters; a
 * bound keeps generated texts from growing the backend's memory); the rest go through `PGlite.query`.
 */
const MAX_STATEMENTS = 256;

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

const encoder = new TextEncoder();

/** One frontend message: type byte, int32 length (itself included), body. */
function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const cstring = (s: string) => concat([encoder.encode(s), new Uint8Array([0])]);
const int16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n);
  return b;
};

const SYNC = message('S', new Uint8Array(0));
const EXECUTE = message('E', concat([cstring(''), int32(0)]));

/**
 * Bind (unnamed portal, statement `name`, text parameters, text results) written into one buffer: it is
 * built for every statement the server runs, and the piecewise version's small arrays showed in profiles.
 */
function bind(name: string, values: (string | null)[]): Uint8Array {
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)));
  let size = 1 + 4 + 1 + (name.length + 1) + 2 + 2 + 2; // type, length, portal '', name (ASCII), formats, count, result formats
  for (const bytes of encoded) size += 4 + (bytes?.length ?? 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // B
  view.setInt32(1, size - 1);
  let at = 6; // after the portal name's terminating zero
  for (let i = 0; i < name.length; i++) out[at++] = name.charCodeAt(i);
  at++; // zero
  view.setInt16(at, 0); // no parameter format codes: all text
  view.setInt16(at + 2, encoded.length);
  at += 4;
  for (const bytes of encoded) {
    if (bytes === null) {
      view.setInt32(at, -1);
      at += 4;
    } else {
      view.setInt32(at, bytes.length);
      out.set(bytes, at + 4);
      at += 4 + bytes.length;
    }
  }
  view.setInt16(at, 0); // all columns in text format, as PGlite.query reads them
  return out;
}

/** Commands whose tag ends in a count PGlite reports as `affectedRows` (SELECT counts as 0 there too). */
const BYTEA = 17;

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

export function preparedStatements(pg: PGlite) {
  const statements = new Map<string, Prepared>();
  const isHot = secondSighting();
  let next = 0;

  async function prepare(sql: string): Promise<Prepared> {
    const prepared = await describe(`vitrine_${++next}`, sql);
    statements.set(sql, prepared);
    return prepared;
  }

  function serialize(p: Prepared, params: readonly unknown[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      // PGlite's bytea serializer builds an array of hex strings per byte; this is the same text, at once.
      if (p.paramTypes[i] === BYTEA && param instanceof Uint8Array)
        return `\\x${Buffer.from(param.buffer, param.byteOffset, param.byteLength).toString('hex')}`;
      const serializer = pg.serializers[p.paramTypes[i]!];
      return serializer ? String(serializer(param)) : String(param);
    });
  }

  /** Sends frontend messages and collects the backend's raw answer (a view of WASM memory: copied). */
  async function roundTrip(messages: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(messages, {
      syncToFs: false,
      onRawData: (bytes: Uint8Array) => chunks.push(bytes.slice()),
    });
    return chunks.length === 1 ? chunks[0]! : concat(chunks);
  }

  /** Parse + Describe (statement) + Sync: `sql` becomes statement `name` ('' = the unnamed one), its types read back. */
  async function describe(name: string, sql: string): Promise<Prepared> {
    const parse = message('P', concat([cstring(name), cstring(sql), int16(0)]));
    return readDescription(
      name,
      await roundTrip(concat([parse, message('D', concat([new Uint8Array([0x53]), cstring(name)])), SYNC])),
    );
  }

  async function execute<T>(p: Prepared, params: readonly unknown[]): Promise<QueryResult<T>> {
    return readAnswer<T>(await roundTrip(concat([bind(p.name, serialize(p, params)), EXECUTE, SYNC])), p, pg.parsers);
  }

  return {
    /**
     * Runs `sql` once as the unnamed statement (Parse + Describe, then Bind + Execute): for texts not
     * worth a named statement inside a transaction this module runs itself (see `simple`), where
     * `PGlite.query` cannot be used because it waits for the transaction lock the transaction holds.
     */
    async runOnce<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
      return execute<T>(await describe('', sql), params);
    },

    /**
     * A statement without parameters through the simple query protocol (several allowed, `;`-separated):
     * transaction control and scripts. Answers the last command tag (`COMMIT` answers `ROLLBACK` when the
     * transaction had failed); throws the first error like the other paths.
     */
    async simple(sql: string): Promise<string> {
      const body = concat([encoder.encode(sql), new Uint8Array([0])]);
      return readAnswer(await roundTrip(message('Q', body)), NO_FIELDS, pg.parsers).tag;
    },

    /**
     * Runs `sql` as a named prepared statement, or answers undefined when it should go through
     * `PGlite.query` instead (first run of the text, or too many texts). The caller holds PGlite's query lock.
     */
    async run<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T> | undefined> {
      let p = statements.get(sql);
      if (!p) {
        if (statements.size >= MAX_STATEMENTS || !isHot(sql)) return undefined;
        p = await prepare(sql);
      }
      try {
        return await execute<T>(p, params);
      } catch (error) {
        // A table changed under the plan (a migration): forget it, the next run prepares it again.
        if ((error as { code?: string }).code === '0A000') statements.delete(sql);
        throw error;
      }
    },
  };
}

const decoder = new TextDecoder();

/**
 * The backend's answer to Bind + Execute + Sync: DataRow ('D') messages become rows (text format,
 * parsed by the type's PGlite parser), CommandComplete ('C') gives the affected-row count, and an
 * ErrorResponse ('E') is thrown as PGlite's own DatabaseError with the same fields.
 */
function readAnswer<T>(
  data: Uint8Array,
  p: Pick<Prepared, 'fields'>,
  parsers: PGlite['parsers'],
): QueryResult<T> & { tag: string } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const rows: T[] = [];
  let rowCount = 0;
  let tag = '';
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= data.length) {
    const type = data[at]!;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    if (type === 0x44 /* D */ && p.fields.length) {
      const row: Record<string, unknown> = {};
      const count = view.getInt16(body);
      let f = body + 2;
      for (let i = 0; i < count; i++) {
        const size = view.getInt32(f);
        f += 4;
        const field = p.fields[i]!;
        if (size < 0) row[field.name] = null;
        else {
          const text = decoder.decode(data.subarray(f, f + size));
          const parser = parsers[field.dataTypeID];
          row[field.name] = parser ? parser(text, field.dataTypeID) : text;
          f += size;
        }
      }
      rows.push(row as T);
    } else if (type === 0x43 /* C */) {
      tag = decoder.decode(data.subarray(body, end - 1));
      const parts = tag.split(' ');
      if (COUNTED.has(parts[0]!)) rowCount += Number.parseInt(parts[parts.length - 1]!, 10) || 0;
    } else if (type === 0x45 /* E */ && !error) {
      error = databaseError(data.subarray(body, end), length);
    }
    at = end;
  }
  if (error) throw error;
  return { rows, rowCount, tag };
}

const NO_FIELDS = { fields: [] };

/**
 * The answer to Parse + Describe (statement) + Sync: the parameter types ('t') and the columns ('T',
 * name and type of each), or the parse error thrown as PGlite's DatabaseError.
 */
function readDescription(name: string, data: Uint8Array): Prepared {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const described: Prepared = { name, paramTypes: [], fields: [] };
  let at = 0;
  while (at + 5 <= data.length) {
    const type = data[at]!;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    if (type === 0x74 /* t */) {
      const count = view.getInt16(body);
      for (let i = 0; i < count; i++) described.paramTypes.push(view.getInt32(body + 2 + 4 * i));
    } else if (type === 0x54 /* T */) {
      const count = view.getInt16(body);
      let f = body + 2;
      for (let i = 0; i < count; i++) {
        const nameEnd = data.indexOf(0, f);
        const name = decoder.decode(data.subarray(f, nameEnd));
        f = nameEnd + 1;
        // table oid (4), column number (2), type oid (4), type size (2), type modifier (4), format (2)
        described.fields.push({ name, dataTypeID: view.getInt32(f + 6) });
        f += 18;
      }
    } else if (type === 0x45 /* E */) {
      throw databaseError(data.subarray(body, at + 1 + length), length);
    }
    at += 1 + length;
  }
  return described;
}

/** ErrorResponse fields by their protocol code, as pg-protocol names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function databaseError(body: Uint8Array, length: number): Error {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const code = String.fromCharCode(body[at]!);
    const end = body.indexOf(0, at + 1);
    fields[code] = decoder.decode(body.subarray(at + 1, end));
    at = end + 1;
  }
  const error = new pgMessages.DatabaseError(fields.M ?? 'database error', length, 'error') as unknown as Record<
    string,
    unknown
  >;
  for (const [code, name] of Object.entries(ERROR_FIELDS)) if (fields[code] !== undefined) error[name] = fields[code];
  return error as unknown as Error;
}
