/**
 * Option → wire mapping shared by the calls. Key order follows `@wix/data` so that `.r` payloads,
 * and therefore the GET/POST switch, come out identical; `undefined` keys vanish in JSON.
 */
import { filterProblem, type Filter, type FilterBuilder } from './filter.js';
import type { DataItem } from './query.js';
import { assert } from './validate.js';

export interface ReadOptions {
  suppressHooks?: boolean;
  /** Include draft items (`publishPluginOptions.includeDraftItems`). */
  showDrafts?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface WriteOptions {
  suppressHooks?: boolean;
  showDrafts?: boolean;
}

/** Only write if the stored item still matches this filter (optimistic concurrency). */
export type Condition = FilterBuilder | Filter;

export interface RemoveOptions extends WriteOptions {
  condition?: Condition;
}

const drafts = (showDrafts: boolean | undefined) =>
  showDrafts !== undefined ? { publishPluginOptions: { includeDraftItems: showDrafts } } : {};

// `@wix/data` drops the whole group when every option is undefined; JSON drops undefined keys anyway.
export const writeOptions = (o: WriteOptions | undefined) => ({
  suppressHooks: o?.suppressHooks,
  ...drafts(o?.showDrafts),
});

export const readOptions = (o: ReadOptions | undefined) => ({
  ...writeOptions(o),
  consistentRead: o?.consistentRead,
  language: o?.language,
});

/** A builder is built (optimised); a plain object is sent as written, after the `$regex` check. */
export function toFilter(f: Condition): Filter {
  const builder = typeof f.build == 'function' ? (f as FilterBuilder) : undefined;
  const tree = builder ? builder.build() : (f as Filter);
  assert(builder?.bad[0], filterProblem(tree));
  return tree;
}

export const condition = (c: Condition | null | undefined) => ({
  condition: c == null ? undefined : { filter: toFilter(c) },
});

/** Cursor paging when a cursor is given; offset paging only when there is a limit or an offset. */
export function paging(limit: number | undefined, cursorOrOffset: string | number) {
  return typeof cursorOrOffset == 'string'
    ? { cursorPaging: { limit, cursor: cursorOrOffset } }
    : limit !== undefined || cursorOrOffset > 0
      ? { paging: { limit, offset: cursorOrOffset } }
      : {};
}

export type SortOrder = 'ASC' | 'DESC';
export interface Sorting {
  fieldName: string;
  order: SortOrder;
}

export const ownId = (ref: string | { _id?: unknown }): string => (typeof ref == 'string' ? ref : (ref._id as string));

/** An item as the wire carries it: `{id, data}`, the system fields inside `data`. */
export const envelope = (item: DataItem) => ({ id: item._id, data: item });
