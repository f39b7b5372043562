/**
 * Paging under a DataTable: a status line ("Showing 21–40 of 57", announced politely when it changes, and the
 * table's description through `statusId`) and a labelled nav landmark with Previous page / Page n of m / Next page.
 * `page` counts from 0; the buttons are disabled at either end so a keyboard user never pages into nothing.
 */
export function Pager({
  page,
  pageSize,
  total,
  loading,
  noun,
  statusId,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  loading: boolean;
  /** Plural, lower case: "members", "orders", "items". */
  noun: string;
  statusId: string;
  onPage: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total ? page * pageSize + 1 : 0;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <>
      <p id={statusId} role="status" aria-live="polite">
        {loading ? `Loading ${noun}…` : total ? `Showing ${first}–${last} of ${total}` : `No ${noun} match`}
      </p>
      <nav className="pager" aria-label={`Pages of ${noun}`}>
        <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous page
        </button>
        <span>
          Page {page + 1} of {pageCount}
        </span>
        <button type="button" disabled={page + 1 >= pageCount} onClick={() => onPage(page + 1)}>
          Next page
        </button>
      </nav>
    </>
  );
}
