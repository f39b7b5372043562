import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { MailState, OutboxMessage } from '../../api/types.js';
import { DataTable } from '../../components/DataTable.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useOutbox, useRetryMail } from './api.js';

const STATE_LABEL: Record<MailState, string> = {
  waiting: 'Waiting',
  failing: 'Failing, will retry',
  failed: 'Failed',
  sent: 'Sent',
};
const column = createColumnHelper<OutboxMessage>();

/** The site's mail outbox, newest first; a failed message can be retried (it gets a fresh set of attempts). */
export function MailPage({ siteId }: { siteId: string }) {
  const [state, setState] = useState<MailState | ''>('');
  const { data: outbox, isFetching: loading, error: loadError } = useOutbox(siteId, state);
  const retry = useRetryMail(siteId);
  const { mutate: retryMail } = retry;
  const error = (retry.error ?? loadError)?.message;
  const success = retry.isSuccess ? `The mail to ${retry.variables.to} is queued again.` : undefined;

  const columns = useMemo(() => {
    return [
      column.accessor('to', { header: 'To' }),
      column.accessor('subject', { header: 'Subject' }),
      column.accessor('state', {
        header: 'State',
        cell: (c) => <span className={`badge badge-mail-${c.getValue()}`}>{STATE_LABEL[c.getValue()]}</span>,
      }),
      column.accessor('attempts', { header: 'Attempts' }),
      column.accessor('lastError', { header: 'Last error', cell: (c) => c.getValue() ?? '' }),
      column.accessor('createdDate', { header: 'Created', cell: (c) => new Date(c.getValue()).toLocaleString() }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) =>
          c.row.original.state === 'failed' ? (
            <button
              type="button"
              aria-describedby={`mail-${c.row.original.id}`}
              onClick={() => retryMail(c.row.original)}
            >
              Retry
            </button>
          ) : null,
      }),
    ];
  }, [retryMail]);
  const table = useReactTable({ data: outbox?.messages ?? [], columns, getCoreRowModel: getCoreRowModel() });

  return (
    <>
      <PageHeading>Mail</PageHeading>
      {outbox && !outbox.smtp && (
        <p className="help-block">
          No mail server is set: mail waits here
          {outbox.devMailbox ? ' and in the dev mailbox' : ''} and is not sent.{' '}
          <Link to="/settings/mail">Set the shop&rsquo;s mail server</Link> in Settings (or the operator sets{' '}
          <code>SMTP_URL</code>).
        </p>
      )}
      {outbox?.devMailbox && (
        <p>
          <a href={outbox.devMailbox}>Open the dev mailbox</a> to read the messages as members would.
        </p>
      )}
      <div className="toolbar">
        <label>
          State
          <select value={state} onChange={(e) => setState(e.target.value as MailState | '')}>
            <option value="">All</option>
            {(Object.keys(STATE_LABEL) as MailState[]).map((s) => (
              <option key={s} value={s}>
                {STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice error={error} success={success} />
      <DataTable table={table} loading={loading} describedBy="mail-count" />
      <p id="mail-count" role="status">
        {loading
          ? 'Loading mail…'
          : outbox?.messages.length
            ? `${outbox.messages.length} messages (newest first, at most 100)`
            : 'No mail'}
      </p>
      {outbox?.messages.map((m) => (
        <span key={m.id} id={`mail-${m.id}`} hidden>
          {`Mail to ${m.to}: ${m.subject}`}
        </span>
      ))}
    </>
  );
}
