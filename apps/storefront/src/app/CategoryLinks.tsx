import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { useId } from 'react';
import { LoadFailed } from '../components/LoadFailed.js';
import { Skeleton } from '../components/Skeleton.js';
import { fetchCategories } from '../features/catalog/catalog-api.js';
import { Link } from './router/index.js';
import { useShopClient } from './use-shop-client.js';

/**
 * The catalog's collections as links: all products, then each category's view. In the phone menu (as Dawn's and
 * Hydrogen's drawers list them) and on the not-found page. The same shared query as the catalog's filter, so a
 * page that has them asks nothing.
 */
export function CategoryLinks({ className }: { className: string }) {
  const { _ } = useLingui();
  const client = useShopClient();
  const headingId = useId();
  const categories = useQuery(['categories'], () => fetchCategories(client), { shared: true });
  return (
    <nav aria-labelledby={headingId} className={`category-links ${className}`}>
      <h2 id={headingId} className="category-links__title">
        {_('header.categories')}
      </h2>
      {categories.status == 'error' && !categories.data ? (
        <LoadFailed message={_('header.categoriesFailed')} onRetry={() => void categories.refetch()} />
      ) : !categories.data ? (
        <Skeleton lines={2} label={_('header.categoriesLoading')} />
      ) : (
        <ul>
          <li>
            <Link to="/" className="nav-link">
              {_('catalog.allProducts')}
            </Link>
          </li>
          {categories.data.map((c) => (
            <li key={c.id}>
              <Link to={`/?category=${encodeURIComponent(c.id)}`} className="nav-link">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
