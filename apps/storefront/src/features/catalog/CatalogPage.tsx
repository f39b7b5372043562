import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { Link, useSearchParams } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { CardGridSkeleton } from '../../components/Skeleton.js';
import { fetchCatalogPage, fetchCategories } from './catalog-api.js';
import { catalogCountText } from './catalog-count.js';
import { readCatalogParams, writeCatalogParams } from './catalog-params.js';
import type { CatalogParams } from './catalog-params.js';
import { CatalogFilters } from './CatalogFilters.js';
import { Pagination } from './Pagination.js';
import { ProductCard } from './ProductCard.js';

export function CatalogPage() {
  const { _ } = useLingui();
  const client = useShopClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);
  const categories = useQuery(['categories'], () => fetchCategories(client), { shared: true });
  // A category view filters by the collection's id, which the categories name.
  const catalog = useQuery(['catalog', params], () => fetchCatalogPage(client, params, categories.data ?? []), {
    shared: true,
    keepPreviousData: true,
    enabled: !params.category || categories.status != 'loading',
  });

  const update = (next: CatalogParams) => setSearchParams(writeCatalogParams(next));
  const hrefFor = (page: number) => {
    const query = writeCatalogParams({ ...params, page }).toString();
    return query ? `/?${query}` : '/';
  };
  const page = catalog.data;
  const filtered = params.search || params.category;
  const categoryName = categories.data?.find((c) => c.id == params.category)?.name ?? params.category;

  return (
    <section className="page catalog-page">
      <PageHeading title={_('catalog.title')}>{categoryName || _('catalog.allProducts')}</PageHeading>
      <CatalogFilters params={params} categories={categories.data ?? []} onChange={update} />
      <p className="muted" role="status" aria-live="polite">
        {page ? catalogCountText(_, page, params.search) : ''}
      </p>
      {catalog.status == 'error' && !page ? (
        <Alert tone="error" title={_('catalog.loadFailed')}>
          <button type="button" className="button" onClick={() => void catalog.refetch()}>
            {_('common.tryAgain')}
          </button>
        </Alert>
      ) : !page ? (
        <CardGridSkeleton />
      ) : page.products.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{_('catalog.empty')}</p>
          {/* A page past the end (an old link, fewer products since): the last page that has some. */}
          {params.page > page.totalPages && page.totalPages > 0 && (
            <Link to={hrefFor(page.totalPages)} className="button">
              {_('pagination.page', { page: page.totalPages })}
            </Link>
          )}
          {filtered && (
            <button
              type="button"
              className="button"
              onClick={() => update({ search: '', category: '', sort: params.sort, page: 1 })}
            >
              {_('catalog.clearFilters')}
            </button>
          )}
        </div>
      ) : (
        <>
          <ul className="product-grid" aria-busy={catalog.fetching || undefined}>
            {page.products.map((product, i) => (
              <ProductCard key={product._id} product={product} eager={i < 4} />
            ))}
          </ul>
          <Pagination page={params.page} totalPages={page.totalPages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
