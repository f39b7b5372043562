import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable.js';
import { Pager } from '../../components/Pager.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ordersExportUrl, useOrders, type OrderQuery, type OrderRow } from './api.js';
import { money, ORDER_STATUSES, STATUS_LABEL, StatusBadge } from './order-status.js';

const PAGE_SIZE = 25;
const column = createColumnHelper<OrderRow>();
const columns = [
  column.accessor('number', {
    header: 'Order',
    cell: (c) => <Link to={`/orders/${encodeURIComponent(c.row.original._id)}`}>{c.getValue()}</Link>,
  }),
  column.accessor('createdDate', { header: 'Placed', cell: (c) => new Date(c.getValue()).toLocaleString() }),
  column.accessor('email', {
    header: 'Customer',
    cell: (c) => (
      <>
        {c.getValue() ?? '—'}
        {c.row.original.guest && <span className="help"> (guest)</span>}
      </>
    ),
  }),
  column.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
  column.accessor('itemCount', { header: 'Items' }),
  column.accessor('total', { header: 'Total', cell: (c) => money(c.getValue(), c.row.original.currency) }),
];

/** The shop's orders, newest first: search by number or email, status and date filters, CSV export. */
export function OrdersPage({ siteId }: { siteId: string }) {
  const [query, setQuery] = useState<OrderQuery>({ search: '', status: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const orders = useOrders(siteId, query, { limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const result = { ...(orders.data ?? { orders: [], total: 0 }), loading: orders.isFetching };

  const pageCount = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const table = useReactTable({
    data: result.orders,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount,
  });
  const change = (patch: Partial<OrderQuery>) => {
    setQuery((q) => ({ ...q, ...patch }));
    setPage(0);
  };

  return (
    <>
      <PageHeading>Orders</PageHeading>
      <div className="actions">
        <a href={ordersExportUrl(siteId, query)} download="orders.csv">
          Export CSV
        </a>
      </div>
      <div className="toolbar" role="search">
        <label>
          Search orders
          <input
            type="search"
            value={query.search}
            placeholder="Order number or email"
            onChange={(e) => change({ search: e.target.value })}
          />
        </label>
        <label>
          Status
          <select value={query.status} onChange={(e) => change({ status: e.target.value as OrderQuery['status'] })}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={query.from} onChange={(e) => change({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={query.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
      </div>
      <Notice error={orders.error?.message} />
      <DataTable table={table} loading={result.loading} describedBy="orders-count" />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={result.total}
        loading={result.loading}
        noun="orders"
        statusId="orders-count"
        onPage={setPage}
      />
    </>
  );
}
