import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import type { ShopOrder } from '../../api/types.js';
import { DataTable } from '../../components/DataTable.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Pager } from '../../components/Pager.js';
import { formatMoney } from './money.js';
import { ORDER_STATUS_LABEL, OrderStatusBadge, SHOP_ORDER_STATUSES } from './order-words.js';
import { shopOrdersExportUrl, useShopOrders, type OrderFilters } from './orders-api.js';
import { PaymentStatusBadge } from './payment-words.js';

const PAGE_SIZE = 25;
/**
 * The buyer as one element: on a phone each cell is a grid of its label and its value, and a second child ("(guest)")
 * went to the next row, under the label, where it overlapped "Buyer".
 */
export function BuyerCell({ email, guest }: { email?: string | null | undefined; guest?: boolean | undefined }) {
  return (
    <span className="order-buyer">
      {email ?? '—'}
      {guest && <span className="order-buyer__guest"> (guest)</span>}
    </span>
  );
}

const column = createColumnHelper<ShopOrder>();
const columns = [
  column.accessor('number', {
    header: 'Order',
    cell: (c) => <Link to={`/shop/orders/${encodeURIComponent(c.row.original.id)}`}>{c.getValue()}</Link>,
  }),
  column.accessor('createdDate', { header: 'Placed', cell: (c) => new Date(c.getValue()).toLocaleString() }),
  column.accessor('buyer', {
    header: 'Buyer',
    cell: (c) => <BuyerCell email={c.getValue().email} guest={c.getValue().guest} />,
  }),
  column.accessor('status', { header: 'Status', cell: (c) => <OrderStatusBadge status={c.getValue()} /> }),
  column.accessor('paymentStatus', { header: 'Payment', cell: (c) => <PaymentStatusBadge status={c.getValue()} /> }),
  column.display({
    id: 'items',
    header: 'Items',
    cell: (c) => c.row.original.lines.reduce((n, l) => n + (typeof l.quantity === 'number' ? l.quantity : 0), 0),
  }),
  column.accessor('total', { header: 'Total', cell: (c) => formatMoney(c.getValue(), c.row.original.currency) }),
];

/** The module's orders, newest first: search by number or email, status and date filters, paging, CSV export. */
export function ShopOrdersPage({ siteId }: { siteId: string }) {
  const [filters, setFilters] = useState<OrderFilters>({ search: '', status: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const orders = useShopOrders(siteId, filters, { limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const data = orders.data ?? { orders: [], total: 0 };
  const table = useReactTable({
    data: data.orders,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  const change = (patch: Partial<OrderFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  return (
    <>
      <PageHeading>Orders</PageHeading>
      <div className="actions">
        <a href={shopOrdersExportUrl(siteId, filters)} download="orders.csv">
          Export CSV
        </a>
      </div>
      <div className="toolbar" role="search">
        <label>
          Search orders
          <input
            type="search"
            value={filters.search}
            placeholder="Order number or email"
            onChange={(e) => change({ search: e.target.value })}
          />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={(e) => change({ status: e.target.value as OrderFilters['status'] })}>
            <option value="">All</option>
            {SHOP_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(e) => change({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
      </div>
      <Notice error={orders.error?.message} />
      <DataTable table={table} loading={orders.isFetching} describedBy="orders-count" />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={data.total}
        loading={orders.isFetching}
        noun="orders"
        statusId="orders-count"
        onPage={setPage}
      />
    </>
  );
}
