import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from '../../components/Link.js';
import { DataTable } from '../../components/DataTable.js';
import { Pager } from '../../components/Pager.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useMembers, type MemberRow, type MembersQuery } from './api.js';

const column = createColumnHelper<MemberRow>();
const columns = [
  column.accessor('email', {
    header: 'Email',
    cell: (c) => <Link to={`/members/${c.row.original.id}`}>{c.getValue()}</Link>,
  }),
  column.accessor('name', { header: 'Name', cell: (c) => c.getValue() ?? '' }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => <span className={`badge badge-${c.getValue().toLowerCase()}`}>{statusLabel[c.getValue()]}</span>,
  }),
  column.accessor('createdDate', { header: 'Created', cell: (c) => new Date(c.getValue()).toLocaleDateString() }),
];

export const statusLabel = { PENDING: 'Waiting for approval', ACTIVE: 'Active', BLOCKED: 'Blocked' } as const;
const PAGE_SIZE = 25;

/** The members of a site: search (email or name), status filter, sort and paging, all done by the server. */
export function MembersPage({ siteId }: { siteId: string }) {
  const [query, setQuery] = useState<MembersQuery>({
    siteId,
    search: '',
    status: '',
    sort: 'createdDate',
    order: 'desc',
    page: 0,
    pageSize: PAGE_SIZE,
  });
  const list = useMembers({ ...query, siteId });
  const { members, total } = list.data ?? { members: [], total: 0 };
  const loading = list.isFetching;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const table = useReactTable({
    data: members,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount,
  });
  const change = (patch: Partial<MembersQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch }));

  return (
    <>
      <PageHeading>Members</PageHeading>
      <p>
        <Link to="/members/import">Import members</Link> from Auth0, Firebase, Supabase, Clerk or a CSV file.
      </p>
      <div className="toolbar" role="search">
        <label>
          Search members
          <input
            type="search"
            value={query.search}
            placeholder="Email or name"
            onChange={(e) => change({ search: e.target.value })}
          />
        </label>
        <label>
          Status
          <select value={query.status} onChange={(e) => change({ status: e.target.value as MembersQuery['status'] })}>
            <option value="">All</option>
            <option value="PENDING">{statusLabel.PENDING}</option>
            <option value="ACTIVE">{statusLabel.ACTIVE}</option>
            <option value="BLOCKED">{statusLabel.BLOCKED}</option>
          </select>
        </label>
        <label>
          Sort by
          <select
            value={`${query.sort}:${query.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [MembersQuery['sort'], MembersQuery['order']];
              change({ sort, order });
            }}
          >
            <option value="createdDate:desc">Newest first</option>
            <option value="createdDate:asc">Oldest first</option>
            <option value="email:asc">Email A–Z</option>
            <option value="email:desc">Email Z–A</option>
          </select>
        </label>
      </div>
      <Notice error={list.error?.message} />
      <DataTable table={table} loading={loading} describedBy="members-count" />
      <Pager
        page={query.page}
        pageSize={PAGE_SIZE}
        total={total}
        loading={loading}
        noun="members"
        statusId="members-count"
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
    </>
  );
}
