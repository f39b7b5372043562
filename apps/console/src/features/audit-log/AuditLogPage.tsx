import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import type { AuthEvent } from '../../api/types.js';
import { DataTable } from '../../components/DataTable.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useAuditEvents } from './api.js';
import { detailText, EVENT_LABELS, eventWords, OUTCOME_LABELS } from './audit-labels.js';

// The filter's choices in words (the value sent is the raw type): owners' events first, then members' and keys'.
const TYPES = Object.keys(EVENT_LABELS) as (keyof typeof EVENT_LABELS)[];

const describe = (e: AuthEvent) => detailText(e.detail);

/** One "key: value" pair a line, each wrapping inside its column (a long id breaks rather than widening the page). */
const DetailLines = ({ text }: { text: string }) => (
  <ul className="audit-detail">
    {text.split(', ').map((pair, i) => (
      <li key={i}>{pair}</li>
    ))}
  </ul>
);

// What an owner's action was done to: the member it names, else the item, key or endpoint in its detail.
// For members' own events the member is the actor ("Who"), so there is no separate target.
const TARGET_KEYS = ['collection', 'itemId', 'name', 'keyName', 'url', 'endpointId', 'language', 'orderNumber'];
const target = (e: AuthEvent) => {
  if (e.detail.identityType !== 'WIX_USER') return '';
  if (e.memberId) return `member ${e.memberId}`;
  return TARGET_KEYS.map((key) => e.detail[key])
    .filter((value) => value !== undefined && value !== '')
    .map(String)
    .join(' / ');
};

const column = createColumnHelper<AuthEvent>();
const columns = [
  column.accessor('createdAt', { header: 'Time', cell: (c) => new Date(c.getValue()).toLocaleString() }),
  // In words, with the raw names under them (what the server wrote, for searching); a long one wraps in its column.
  column.accessor((e) => eventWords(e), {
    id: 'event',
    header: 'Event',
    // One element: on a phone each cell is a grid of its label and one value.
    cell: (c) => (
      <span>
        <span className="audit-event">{c.getValue().label}</span>
        <code className="audit-code">{c.getValue().code}</code>
      </span>
    ),
  }),
  column.accessor((e) => OUTCOME_LABELS[e.outcome] ?? e.outcome, { id: 'outcome', header: 'Outcome' }),
  column.accessor(
    (e) => (e.detail.identityType === 'WIX_USER' ? `${e.email ?? ''} (owner)` : (e.email ?? e.memberId ?? '')),
    { id: 'who', header: 'Who' },
  ),
  column.accessor((e) => target(e), { id: 'target', header: 'Target' }),
  column.accessor((e) => describe(e), {
    id: 'detail',
    header: 'Details',
    cell: (c) => (c.getValue() ? <DetailLines text={c.getValue()} /> : ''),
  }),
  column.accessor('ip', { header: 'Address', cell: (c) => c.getValue() ?? '' }),
];

/** The authentication event log of the site, newest first: sign-ins, lockouts, owner actions, key uses. */
export function AuditLogPage({ siteId }: { siteId: string }) {
  const [type, setType] = useState('');
  const log = useAuditEvents(siteId, type);
  const loading = log.isFetching;

  const events = log.data?.pages.flat() ?? [];
  const table = useReactTable({
    data: events,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (event) => event.id,
  });
  const more = log.hasNextPage;

  return (
    <>
      <PageHeading>Audit log</PageHeading>
      <div className="toolbar">
        <label>
          Event type
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All events</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice error={log.error?.message} />
      <DataTable table={table} loading={loading} className="audit-log-table" />
      <p role="status">{loading ? 'Loading events…' : events.length ? `${events.length} events` : 'No events yet'}</p>
      {more && (
        <button type="button" onClick={() => void log.fetchNextPage()} disabled={loading}>
          Older events
        </button>
      )}
    </>
  );
}
