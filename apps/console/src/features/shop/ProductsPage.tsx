import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import type { ProductRow } from '../../api/types.js';
import { DataTable } from '../../components/DataTable.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Pager } from '../../components/Pager.js';
import { previewOf } from '../media/api.js';
import { useProducts } from './catalog-api.js';
import { formatMoney } from './money.js';

const PAGE_SIZE = 25;
const STOCK_LABEL: Record<ProductRow['inventoryStatus'], string> = {
  IN_STOCK: 'In stock',
  OUT_OF_STOCK: 'Sold out',
  PARTIALLY_OUT_OF_STOCK: 'Some variants sold out',
};

function columnsFor(currency: string) {
  const column = createColumnHelper<ProductRow>();
  const price = (p: ProductRow) =>
    p.minPrice === p.maxPrice
      ? formatMoney(p.minPrice, currency)
      : `${formatMoney(p.minPrice, currency)} – ${formatMoney(p.maxPrice, currency)}`;
  return [
    column.accessor('name', {
      header: 'Product',
      cell: (c) => (
        <span className="shop-product-name">
          {c.row.original.image && <img src={previewOf(c.row.original.image, 160)} alt="" width={40} height={40} />}
          <Link to={`/shop/products/${encodeURIComponent(c.row.original.id)}`}>{c.getValue()}</Link>
          {!c.row.original.visible && <span className="badge">Hidden</span>}
        </span>
      ),
    }),
    column.display({ id: 'price', header: 'Price', cell: (c) => price(c.row.original) }),
    column.accessor('variantCount', { header: 'Variants' }),
    column.accessor('stock', {
      header: 'Stock',
      cell: (c) => `${c.getValue()} · ${STOCK_LABEL[c.row.original.inventoryStatus]}`,
    }),
  ];
}

/** The commerce catalog's products: search by name or slug, a page at a time; owners and editors add one. */
export function ProductsPage({ siteId, canChange }: { siteId: string; canChange: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const products = useProducts(siteId, search, { limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const data = products.data ?? { products: [], total: 0, currency: 'USD' };
  const table = useReactTable({
    data: data.products,
    columns: columnsFor(data.currency),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  return (
    <>
      <PageHeading>Products</PageHeading>
      {canChange && (
        <div className="actions">
          <Link to="/shop/products/new" className="button-link">
            New product
          </Link>
        </div>
      )}
      <div className="toolbar" role="search">
        <label>
          Search products
          <input
            type="search"
            value={search}
            placeholder="Name or slug"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </label>
      </div>
      <Notice error={products.error?.message} />
      <DataTable table={table} loading={products.isFetching} describedBy="products-count" />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={data.total}
        loading={products.isFetching}
        noun="products"
        statusId="products-count"
        onPage={setPage}
      />
    </>
  );
}
