import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../components/DataTable.js';
import type { Delivery } from './types.js';

const column = createColumnHelper<Delivery>();
const STATUS_LABEL = { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' } as const;

/** An endpoint's deliveries, newest first, each with Replay (sent again with a fresh retry schedule). */
export function DeliveriesTable({
  deliveries,
  busy,
  onReplay,
  onRefresh,
}: {
  deliveries: Delivery[];
  busy: boolean;
  onReplay: (d: Delivery) => void;
  onRefresh: () => void;
}) {
  const columns = useMemo(
    () => [
      column.accessor('eventType', { header: 'Event' }),
      column.accessor('status', { header: 'Status', cell: (c) => STATUS_LABEL[c.getValue()] }),
      column.accessor('attempts', { header: 'Attempts' }),
      column.accessor('statusCode', {
        header: 'Response',
        cell: (c) =>
          [c.getValue() ?? '', c.row.original.error ?? c.row.original.responseExcerpt ?? ''].filter(Boolean).join(' '),
      }),
      column.accessor('createdDate', { header: 'Created', cell: (c) => new Date(c.getValue()).toLocaleString() }),
      column.display({
        id: 'replay',
        header: 'Actions',
        cell: (c) => (
          <button
            type="button"
            disabled={busy}
            aria-describedby={`delivery-${c.row.original.id}`}
            onClick={() => onReplay(c.row.original)}
          >
            Replay
          </button>
        ),
      }),
    ],
    [busy, onReplay],
  );
  const table = useReactTable({ data: deliveries, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Deliveries</h2>
      <button type="button" className="secondary" onClick={onRefresh}>
        Refresh deliveries
      </button>
      {deliveries.length === 0 ? <p>No deliveries yet.</p> : <DataTable table={table} loading={false} />}
      {deliveries.map((d) => (
        <span key={d.id} id={`delivery-${d.id}`} hidden>
          {`${d.eventType} created ${d.createdDate}`}
        </span>
      ))}
    </section>
  );
}
