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

  async next(): Promise<WixDataResult<T>> {
    if (!this.hasNext()) throw clientError(`WDE0165: Invalid query on [${this.coll}].\nThere is no next page.`);
    const cursor = this.paging.cursors?.next ?? undefined;
    const offset = (this.skip ?? 0) + (this.pageSize ?? DEFAULT_PAGE_SIZE);
    return this.follow(cursor, offset, (this.currentPage ?? 0) + 1);
  }

  async prev(): Promise<WixDataResult<T>> {
    if (!this.hasPrev()) throw clientError(`WDE0159: Invalid query on [${this.coll}].\nThere is no prev page.`);
    const cursor = this.paging.cursors?.prev ?? undefined;
    const offset = Math.max((this.skip ?? 0) - (this.pageSize ?? DEFAULT_PAGE_SIZE), 0);
    // Paged by cursor from page 0 the page number cannot go below 0.
    return this.follow(cursor, offset, Math.max((this.currentPage ?? 0) - 1, 0));
  }

  private async follow(cursor: string | undefined, offset: number, page: number) {
    const [items, paging] = await this.fetchPage(cursor ?? offset);
    // Like @wix/data: once the server hands out cursors the offset is no longer meaningful.
    const skip = this.paging.cursors?.next ? undefined : offset;
    const origin = { skip: this.skip, pageSize: this.pageSize, totalCount: this.totalCount };
    return new WixDataResult(items, paging, this.fetchPage, this.coll, { skip }, origin, page);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }

  toJSON() {
    const { items, totalCount, pageSize, currentPage, length, totalPages } = this;
    return { items, totalCount, pageSize, currentPage, length, totalPages };
  }
}
