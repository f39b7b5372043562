/**
 * A page of results with the paging arithmetic of `@wix/data` (docs/wire-format.md §9.6): cursors are
 * followed when the server sends them, otherwise pages move by offset.
 */
import { clientError } from './errors.js';

export interface PagingMetadata {
  count?: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
  cursors?: { next?: string | null; prev?: string | null };
  hasNext?: boolean;
}

export interface WixDataResult<T> {
  readonly items: T[];
  readonly length: number;
  /** `pagingMetadata.total` of the first page (ask with `returnTotalCount`). */
  readonly totalCount: number | undefined;
  /**
   * Vitrine: `pagingMetadata.tooManyToCount` of the first page, true when `totalCount` is the server's estimate
   * because more items match than it counts exactly (10,000 by default).
   */
  readonly tooManyToCount: boolean;
  /** The requested limit, or inferred from the first page. */
  readonly pageSize: number | undefined;
  readonly currentPage: number | undefined;
  readonly totalPages: number | undefined;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** Rejects with WDE0165 when there is no next page. */
  next(): Promise<WixDataResult<T>>;
  /** Rejects with WDE0159 when there is no previous page. */
  prev(): Promise<WixDataResult<T>>;
  [Symbol.iterator](): Iterator<T>;
}

/** Fetches one page by cursor (string) or offset (number). */
export type PageFetcher<T> = (
  cursorOrOffset: string | number,
  returnTotalCount?: boolean,
) => Promise<[T[], PagingMetadata]>;

interface Origin {
  skip: number | undefined;
  pageSize: number | undefined;
  totalCount: number | undefined;
  tooManyToCount: boolean;
}

/** @internal `context.skip` is undefined once pages follow cursors. */
export function result<T>(
  items: T[],
  paging: PagingMetadata,
  fetchPage: PageFetcher<T>,
  coll: string,
  context: { limit?: number; skip: number | undefined },
  origin?: Origin,
  currentPage?: number,
): WixDataResult<T> {
  const length = items.length;
  const skip = context.skip ?? origin?.skip;
  const cursors = paging.cursors;
  let { totalCount, pageSize } = origin ?? {};
  const tooManyToCount = origin ? origin.tooManyToCount : paging.tooManyToCount === true;
  let back = (currentPage ?? 0) > 0;
  if (!origin) {
    // First page: the total is only ever reported here, and the page size may have to be inferred.
    totalCount = paging.total ?? undefined;
    back = (context.skip ?? 0) > 0;
    const inferable =
      length > 0 && ((context.skip !== undefined && length + context.skip <= (totalCount ?? 0)) || paging.hasNext);
    pageSize = context.limit ?? (inferable ? length : undefined);
    if (pageSize && length > 0) currentPage = Math.ceil((context.skip ?? 0) / pageSize);
  }
  const hasNext = () => paging.hasNext ?? false;
  const hasPrev = () => (back && (currentPage ?? 0) > 0) || typeof cursors?.prev == 'string';
  const turn = async (step: 1 | -1) => {
    const forward = step > 0;
    if (!(forward ? hasNext() : hasPrev())) {
      throw clientError(
        `WDE01${forward ? 65 : 59}: Invalid query on [${coll}].\nThere is no ${forward ? 'next' : 'prev'} page.`,
      );
    }
    const offset = Math.max((skip ?? 0) + step * (pageSize ?? 50), 0);
    const [next, meta] = await fetchPage((forward ? cursors?.next : cursors?.prev) ?? offset);
    // Like @wix/data: once the server hands out cursors the offset is not tracked any more, and a
    // cursor-paged result never goes below page 0.
    return result(
      next,
      meta,
      fetchPage,
      coll,
      { skip: cursors?.next ? undefined : offset },
      { skip, pageSize, totalCount, tooManyToCount },
      Math.max((currentPage ?? 0) + step, 0),
    );
  };
  return {
    items,
    length,
    totalCount,
    tooManyToCount,
    pageSize,
    currentPage,
    totalPages:
      totalCount === 0
        ? 0
        : totalCount === undefined
          ? undefined
          : pageSize !== undefined
            ? Math.ceil(totalCount / pageSize)
            : skip !== undefined && length > 0 && length + skip <= totalCount
              ? Math.ceil(totalCount / length)
              : undefined,
    hasNext,
    hasPrev,
    next: () => turn(1),
    prev: () => turn(-1),
    [Symbol.iterator]: () => items[Symbol.iterator](),
  };
}
