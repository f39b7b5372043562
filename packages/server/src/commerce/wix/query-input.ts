/**
 * A query body of the Stores wire read into a catalog query. Catalog v1 pages by offset (`paging {limit,
 * offset}`), catalog v3 and v1's `cursorPaging` by cursor. A cursor carries the query it continues (filter,
 * sort, search and the next offset) as base64url JSON, since the clients send a cursor alone; it is read back
 * through the same checks as a new query, so a made-up cursor can ask for nothing a plain query could not.
 */
import { invalidField } from '../../errors/wire.js';
import { refuseForbidden } from '../../http/schemas/text-policy.js';
import { parseFilter } from '../catalog/filter.js';
import { pageLimit, pageOffset, parseSearch, parseSort, type ProductQuery, type SearchText } from '../catalog/query.js';
import type { FieldSpecs, SortSpecs } from '../catalog/query-fields.js';
import type { Body } from './reader.js';

const MAX_CURSOR = 16_000;

interface CursorState {
  filter?: unknown;
  sort?: unknown;
  search?: unknown;
  offset: number;
}

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

export const encodeCursor = (state: CursorState) => Buffer.from(JSON.stringify(state)).toString('base64url');

function decodeCursor(raw: unknown, path: string): CursorState {
  const refused = () => invalidField(path, 'is not a cursor of this server', 'INVALID_CURSOR');
  if (typeof raw !== 'string' || raw.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(raw)) throw refused();
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!isObject(state) || typeof state.offset !== 'number') throw refused();
  refuseForbidden(state, 'any', path);
  return state as unknown as CursorState;
}

const present = (v: unknown) => v != null && v !== '' && !(isObject(v) && Object.keys(v).length === 0);

export interface ReadQuery {
  query: ProductQuery;
  /** What a cursor to the page at `offset` carries. */
  cursorAt(offset: number): string;
}

export interface QueryWire {
  fields: FieldSpecs;
  sorts: SortSpecs;
  currency: string;
  visibleOnly: boolean;
  /** Catalog v1: `paging.offset` is allowed beside `cursorPaging`. */
  offsetPaging: boolean;
}

/** `query` (v1, v3) or `search` (v3): `{filter, sort, paging | cursorPaging, search?}` at `path`. */
export function readQuery(raw: unknown, path: string, wire: QueryWire): ReadQuery {
  if (raw != null && !isObject(raw)) throw invalidField(path, 'must be an object');
  const q: Body = raw ?? {};
  const cursorPaging = q.cursorPaging;
  if (cursorPaging != null && !isObject(cursorPaging)) throw invalidField(`${path}.cursorPaging`, 'must be an object');
  const paging = q.paging;
  if (paging != null && !isObject(paging)) throw invalidField(`${path}.paging`, 'must be an object');
  if (paging && !wire.offsetPaging)
    throw invalidField(`${path}.paging`, 'is not supported here; page with cursorPaging', 'UNSUPPORTED');
  let state: CursorState = { filter: q.filter, sort: q.sort, search: q.search, offset: 0 };
  const cursor = cursorPaging?.cursor;
  if (cursor != null && cursor !== '') {
    if (present(q.filter) || present(q.sort))
      throw invalidField(`${path}.cursorPaging.cursor`, 'cannot be used together with filter or sort');
    state = decodeCursor(cursor, `${path}.cursorPaging.cursor`);
  } else if (paging) {
    state.offset = pageOffset(paging.offset, `${path}.paging.offset`);
  }
  const limit = pageLimit((cursorPaging ?? paging)?.limit, `${path}.${cursorPaging ? 'cursorPaging' : 'paging'}.limit`);
  const offset = pageOffset(state.offset, `${path}.cursorPaging.cursor`);
  const search: SearchText | undefined = parseSearch(state.search, `${path}.search`);
  const query: ProductQuery = {
    filter: parseFilter(state.filter, `${path}.filter`, wire.fields, wire.currency),
    sort: parseSort(state.sort, `${path}.sort`, wire.sorts),
    search,
    offset,
    limit,
    visibleOnly: wire.visibleOnly,
    fields: wire.fields,
    sorts: wire.sorts,
  };
  return {
    query,
    cursorAt: (at) => encodeCursor({ filter: state.filter, sort: state.sort, search: state.search, offset: at }),
  };
}

/** Catalog v3's `pagingMetadata` (and v1's under `cursorPaging`). */
export function cursorMetadata(read: ReadQuery, count: number, hasNext: boolean) {
  const { offset, limit } = read.query;
  return {
    count,
    cursors: {
      next: hasNext ? read.cursorAt(offset + limit) : null,
      prev: offset > 0 ? read.cursorAt(Math.max(0, offset - limit)) : null,
    },
    hasNext,
  };
}
