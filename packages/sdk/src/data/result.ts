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
  readonly items: T[];
  readonly totalCount: number | undefined;
  readonly pageSize: number | undefined;
  readonly currentPage: number | undefined;
  /** The offset of this page (kept from the previous page when following cursors). */
  private readonly skipNumber: number | undefined;
  private readonly allowOffsetBackwards: boolean;

  /** @internal */
  constructor(
    items: T[],
    private readonly paging: PagingMetadata,
    private readonly fetchPage: PageFetcher<T>,
    private readonly collectionName: string,
    context: { limit?: number | undefined; skip: number | undefined },
    origin?: Origin,
    currentPage?: number,
  ) {
    this.items = items;
    this.skipNumber = context.skip ?? origin?.skip;
    this.currentPage = currentPage;
    if (origin) {
      this.pageSize = origin.pageSize;
      this.totalCount = origin.totalCount;
      this.allowOffsetBackwards = (currentPage ?? 0) > 0;
      return;
    }
    // First page: the total is only ever reported here.
    this.totalCount = paging.total ?? undefined;
    this.allowOffsetBackwards = (context.skip ?? 0) > 0;
    const len = items.length;
    const inferable = len > 0 && ((context.skip !== undefined && len + context.skip <= (this.totalCount ?? 0)) || paging.hasNext);
    this.pageSize = context.limit ?? (inferable ? len : undefined);
    if (this.pageSize && len > 0) this.currentPage = Math.ceil((context.skip ?? 0) / this.pageSize);
  }

  get length(): number {
    return this.items.length;
  }

  get totalPages(): number | undefined {
    if (this.totalCount === 0) return 0;
    if (this.pageSize !== undefined && this.totalCount !== undefined) return Math.ceil(this.totalCount / this.pageSize);
    if (this.totalCount !== undefined && this.skipNumber !== undefined && this.length > 0 && this.length + this.skipNumber <= this.totalCount) {
      return Math.ceil(this.totalCount / this.length);
    }
    return undefined;
  }

  hasNext(): boolean {
    return this.paging.hasNext ?? false;
  }

  hasPrev(): boolean {
    return (this.allowOffsetBackwards && (this.currentPage ?? 0) > 0) || typeof this.paging.cursors?.prev === 'string';
  }

  async next(): Promise<WixDataResult<T>> {
    if (!this.hasNext()) throw clientError(`WDE0165: Invalid query on [${this.collectionName}].\nThere is no next page.`);
    const cursor = this.paging.cursors?.next ?? undefined;
    const offset = (this.skipNumber ?? 0) + (this.pageSize ?? DEFAULT_PAGE_SIZE);
    return this.follow(cursor, offset, (this.currentPage ?? 0) + 1);
  }

  async prev(): Promise<WixDataResult<T>> {
    if (!this.hasPrev()) throw clientError(`WDE0159: Invalid query on [${this.collectionName}].\nThere is no prev page.`);
    const cursor = this.paging.cursors?.prev ?? undefined;
    const offset = Math.max((this.skipNumber ?? 0) - (this.pageSize ?? DEFAULT_PAGE_SIZE), 0);
    // Paged by cursor from page 0 the page number cannot go below 0.
    return this.follow(cursor, offset, Math.max((this.currentPage ?? 0) - 1, 0));
  }

  private async follow(cursor: string | undefined, offset: number, page: number) {
    const [items, paging] = await this.fetchPage(cursor ?? offset);
    // Like @wix/data: once the server hands out cursors the offset is no longer meaningful.
    const skip = this.paging.cursors?.next ? undefined : offset;
    const origin = { skip: this.skipNumber, pageSize: this.pageSize, totalCount: this.totalCount };
    return new WixDataResult(items, paging, this.fetchPage, this.collectionName, { skip }, origin, page);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }

  toJSON() {
    const { items, totalCount, pageSize, currentPage, length, totalPages } = this;
    return { items, totalCount, pageSize, currentPage, length, totalPages };
  }
}
