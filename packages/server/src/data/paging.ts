/**
 * Offset and cursor paging (docs/wire-format.md §9.6). A cursor is `base64url(JSON) "." base64url(HMAC-SHA256)`: it carries the
 * endpoint kind, site, collection, the request's filter/sort (whatever `q` the endpoint saved) and the position.
 * A cursor that was altered, truncated or minted for another endpoint is a 400, never a 500.
 */
import { createHash } from 'node:crypto';
import { invalidField } from '../errors/wire.js';
import { hmacSha256, safeEqual } from '../security/index.js';
import { isPlainObject } from './json.js';
import type { KeyValues, Position } from './keyset.js';
import { DEFAULT_READ_LIMITS, type Total } from './read-limits.js';
import type { Body, DataScope } from './scope.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
const MAX_OFFSET = 1_000_000_000;

export interface Page {
  limit: number;
  offset: number;
  cursorMode: boolean;
  returnTotalCount: boolean;
  /** The endpoint's saved request when the call continues from a cursor. */
  saved: unknown;
  /** A keyset cursor's position (item queries, data/keyset.ts); offset cursors use `offset`. */
  position?: Position;
}

interface CursorPayload {
  k: string;
  s: string;
  c: string;
  /** Offset cursors (distinct, aggregate, referenced): the position. */
  o?: number;
  l: number;
  q: unknown;
  /** Keyset cursors (item queries): the ORDER BY key values of the page edge, `b` before it, `i` inclusive. */
  a?: KeyValues;
  b?: 1;
  i?: 1;
}

export function cursorKeyFrom(secret: string): Buffer {
  return createHash('sha256').update(`vitrine-data-cursor\0${secret}`).digest();
}

/** 18 bytes of the HMAC are plenty for a cursor (and keep it short in a URL). */
const cursorMac = (key: Buffer, text: string): Buffer => hmacSha256(key, text).subarray(0, 18);

export function encodeCursor(key: Buffer, payload: CursorPayload): string {
  const text = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${text}.${cursorMac(key, text).toString('base64url')}`;
}

function decodeCursor(key: Buffer, cursor: unknown, field: string): CursorPayload {
  const bad = () => invalidField(field, 'is not a valid cursor', 'INVALID_CURSOR');
  if (typeof cursor !== 'string' || cursor.length > 100_000) throw bad();
  const [text, sig, extra] = cursor.split('.');
  if (!text || !sig || extra !== undefined) throw bad();
  const given = Buffer.from(sig, 'base64url');
  if (!safeEqual(given, cursorMac(key, text))) throw bad();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!isPlainObject(payload) || typeof payload.l !== 'number') throw bad();
  const keyset = Array.isArray(payload.a) && payload.a.every((v) => v === null || typeof v === 'string');
  if (typeof payload.o !== 'number' && !keyset) throw bad();
  return payload as unknown as CursorPayload;
}

function positiveInt(value: unknown, field: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw invalidField(field, 'must be a positive integer', 'INVALID_LIMIT');
  if (value > max) throw invalidField(field, `must be at most ${max}`, 'INVALID_LIMIT');
  return value;
}

/**
 * Reads `paging` / `cursorPaging` from `holder` (the body, or `body.query` for item queries).
 * `prefix` names the holder in violations (`query.` or '').
 */
export function readPaging(
  scope: DataScope,
  holder: Body,
  body: Body,
  kind: string,
  collectionId: string,
  prefix = '',
): Page {
  const { paging, cursorPaging } = holder;
  if (paging != null && cursorPaging != null)
    throw invalidField(`${prefix}cursorPaging`, 'cannot be combined with paging');
  const returnTotalCount = body.returnTotalCount === true;
  if (body.returnTotalCount != null && typeof body.returnTotalCount !== 'boolean')
    throw invalidField('returnTotalCount', 'must be true or false');
  if (cursorPaging != null) {
    if (!isPlainObject(cursorPaging)) throw invalidField(`${prefix}cursorPaging`, 'must be an object');
    const limitGiven = cursorPaging.limit != null;
    const limit = limitGiven
      ? positiveInt(cursorPaging.limit, `${prefix}cursorPaging.limit`, MAX_LIMIT)
      : DEFAULT_LIMIT;
    if (cursorPaging.cursor == null || cursorPaging.cursor === '') {
      return { limit, offset: 0, cursorMode: true, returnTotalCount: false, saved: undefined };
    }
    const c = decodeCursor(scope.cursorKey, cursorPaging.cursor, `${prefix}cursorPaging.cursor`);
    if (c.k !== kind || c.s !== scope.site.id || c.c !== collectionId) {
      throw invalidField(`${prefix}cursorPaging.cursor`, 'belongs to another collection or request', 'INVALID_CURSOR');
    }
    const position = c.a ? { values: c.a, back: c.b === 1, inclusive: c.i === 1 } : undefined;
    const offset = c.o ?? 0;
    return { limit: limitGiven ? limit : c.l, offset, cursorMode: true, returnTotalCount: false, saved: c.q, position };
  }
  if (paging != null && !isPlainObject(paging)) throw invalidField(`${prefix}paging`, 'must be an object');
  const p = (paging ?? {}) as Body;
  const limit = p.limit == null ? DEFAULT_LIMIT : positiveInt(p.limit, `${prefix}paging.limit`, MAX_LIMIT);
  let offset = 0;
  if (p.offset != null) {
    if (typeof p.offset !== 'number' || !Number.isInteger(p.offset) || p.offset < 0 || p.offset > MAX_OFFSET) {
      throw invalidField(`${prefix}paging.offset`, 'must be a non-negative integer', 'INVALID_OFFSET');
    }
    offset = p.offset;
  }
  const { maxOffset } = scope.readLimits ?? DEFAULT_READ_LIMITS;
  if (offset > maxOffset) {
    // Every skipped row is read and dropped: at 900,000 that holds a database backend for seconds.
    throw invalidField(
      `${prefix}paging.offset`,
      `must be at most ${maxOffset}; to read further, page with cursorPaging (pagingMetadata.cursors.next)`,
      'OFFSET_TOO_LARGE',
      { maxOffset },
    );
  }
  return { limit, offset, cursorMode: false, returnTotalCount, saved: undefined };
}

export interface PagingMetadata {
  count: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
  hasNext: boolean;
  cursors: { next?: string; prev?: string };
}

/** A keyset page's edges: the key values of its first and last rows, and whether rows come before it. */
export interface Edges {
  first?: KeyValues;
  last?: KeyValues;
  hasPrev: boolean;
}

/**
 * `pagingMetadata` of a page; in cursor mode `saved` is stored in the next/prev cursors, which hold the page's
 * `edges` when given (keyset cursors), else offsets.
 */
export function pagingMetadata(
  scope: DataScope,
  page: Page,
  kind: string,
  collectionId: string,
  saved: unknown,
  count: number,
  hasNext: boolean,
  total?: number | Total,
  edges?: Edges,
): PagingMetadata {
  if (!page.cursorMode) {
    const meta: PagingMetadata = { count, offset: page.offset, hasNext, cursors: {} };
    if (typeof total === 'number') Object.assign(meta, { total, tooManyToCount: false });
    else if (total !== undefined) Object.assign(meta, total);
    return meta;
  }
  const base = { k: kind, s: scope.site.id, c: collectionId, l: page.limit, q: saved };
  const cursors: PagingMetadata['cursors'] = {};
  if (edges) {
    // An empty page has no edge: continue from the cursor's own position, that row included.
    const at = page.position?.values ?? [];
    if (hasNext)
      cursors.next = encodeCursor(scope.cursorKey, edges.last ? { ...base, a: edges.last } : { ...base, a: at, i: 1 });
    if (edges.hasPrev)
      cursors.prev = encodeCursor(
        scope.cursorKey,
        edges.first ? { ...base, a: edges.first, b: 1 } : { ...base, a: at, b: 1, i: 1 },
      );
    return { count, hasNext, cursors };
  }
  const cursor = (o: number) => encodeCursor(scope.cursorKey, { ...base, o });
  if (hasNext) cursors.next = cursor(page.offset + page.limit);
  if (page.offset > 0) cursors.prev = cursor(Math.max(0, page.offset - page.limit));
  return { count, hasNext, cursors };
}
