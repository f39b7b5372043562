/**
 * A page of results with the paging arithmetic of `@wix/data` (wire-contract §9.6): cursors are
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

/** Fetches one page by cursor (string) or offset (number). */
export type PageFetcher<T> = (cursorOrOffset: string | number, returnTotalCount?: boolean) => Promise<[T[], PagingMetadata]>;

interface Origin {
  skip: number | undefined;
  pageSize: number | undefined;
  totalCount: number | undefined;
}

const DEFAULT_PAGE_SIZE = 50;

export class WixDataResult<T> {
  declare readonly items: T[];
  declare readonly totalCount: number | undefined;
  declare readonly pageSize: number | undefined;
  declare readonly currentPage: number | undefined;
  /** The offset of this page (kept from the previous page when following cursors). */
  declare private readonly skip: number | undefined;
  declare private readonly back: boolean;
  declare private readonly paging: PagingMetadata;
  declare private readonly fetchPage: PageFetcher<T>;
  declare private readonly coll: string;

  /** @internal */
  constructor(
    items: T[],
    paging: PagingMetadata,
    fetchPage: PageFetcher<T>,
    coll: string,
    context: { limit?: number | undefined; skip: number | undefined },
    origin?: Origin,
    currentPage?: number,
  ) {
    const skip = context.skip ?? origin?.skip;
    let totalCount = origin?.totalCount;
    let pageSize = origin?.pageSize;
    let back = (currentPage ?? 0) > 0;
    if (!origin) {
      // First page: the total is only ever reported here, and the page size may have to be inferred.
      totalCount = paging.total ?? undefined;
      back = (context.skip ?? 0) > 0;
      const len = items.length;
      const inferable = len > 0 && ((context.skip !== undefined && len + context.skip <= (totalCount ?? 0)) || paging.hasNext);
      pageSize = context.limit ?? (inferable ? len : undefined);
      if (pageSize && len > 0) currentPage = Math.ceil((context.skip ?? 0) / pageSize);
    }
    Object.assign(this, { items, paging, fetchPage, coll, skip, totalCount, pageSize, currentPage, back });
  }

  get length(): number {
    return this.items.length;
  }

  get totalPages(): number | undefined {
    if (this.totalCount === 0) return 0;
    if (this.pageSize !== undefined && this.totalCount !== undefined) return Math.ceil(this.totalCount / this.pageSize);
    if (this.totalCount !== undefined && this.skip !== undefined && this.length > 0 && this.length + this.skip <= this.totalCount) {
      return Math.ceil(this.totalCount / this.length);
    }
    return undefined;
  }

  hasNext(): boolean {
    return this.paging.hasNext ?? false;
  }

  hasPrev(): boolean {
    return (this.back && (this.currentPage ?? 0) > 0) || typeof this.paging.cursors?.prev === 'string';
  }

  /** Rejects with WDE0165 when there is no next page. */
  next(): Promise<WixDataResult<T>> {
    return this.turn(1);
  }

  /** Rejects with WDE0159 when there is no previous page. */
  prev(): Promise<WixDataResult<T>> {
    return this.turn(-1);
  }

  private async turn(step: 1 | -1) {
    const forward = step > 0;
    if (!(forward ? this.hasNext() : this.hasPrev())) {
      throw clientError(`WDE01${forward ? 65 : 59}: Invalid query on [${this.coll}].\nThere is no ${forward ? 'next' : 'prev'} page.`);
    }
    const cursors = this.paging.cursors;
    const offset = Math.max((this.skip ?? 0) + step * (this.pageSize ?? DEFAULT_PAGE_SIZE), 0);
    const [items, paging] = await this.fetchPage((forward ? cursors?.next : cursors?.prev) ?? offset);
    // Like @wix/data: once the server hands out cursors the offset is not tracked any more, and a
    // cursor-paged result never goes below page 0.
    const origin = { skip: this.skip, pageSize: this.pageSize, totalCount: this.totalCount };
    const page = Math.max((this.currentPage ?? 0) + step, 0);
    return new WixDataResult(items, paging, this.fetchPage, this.coll, { skip: cursors?.next ? undefined : offset }, origin, page);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }
}
