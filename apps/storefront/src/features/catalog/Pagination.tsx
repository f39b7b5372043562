import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';

/** Previous / numbered / next page links; the current page is marked with `aria-current`. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor(page: number): string;
}) {
  const { _, i18n } = useLingui();
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1).filter(
    (p) => p == 1 || p == totalPages || Math.abs(p - page) <= 2,
  );
  return (
    <nav className="pagination" aria-label={_('pagination.label')}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          {_('pagination.previous')}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {_('pagination.previous')}
        </span>
      )}
      <ol>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && pages[i - 1]! < p - 1 && <span aria-hidden="true">…</span>}
            <Link
              to={hrefFor(p)}
              aria-current={p == page ? 'page' : undefined}
              aria-label={_('pagination.page', { page: p })}
            >
              {i18n.number(p)}
            </Link>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {_('pagination.next')}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {_('pagination.next')}
        </span>
      )}
    </nav>
  );
}
