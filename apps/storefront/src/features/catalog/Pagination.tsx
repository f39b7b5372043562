import { Link } from '../../app/router/index.js';

/** Previous / numbered / next page links; the current page is marked with `aria-current`. */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor(page: number): string }) {
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1).filter((p) => p == 1 || p == totalPages || Math.abs(p - page) <= 2);
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          Previous page
        </span>
      )}
      <ol>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && pages[i - 1]! < p - 1 && <span aria-hidden="true">…</span>}
            <Link to={hrefFor(p)} aria-current={p == page ? 'page' : undefined} aria-label={`Page ${p}`}>
              {p}
            </Link>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          Next page
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          Next page
        </span>
      )}
    </nav>
  );
}
