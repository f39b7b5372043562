import { useState } from 'react';
import { navigate } from '../../app/router.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useDeleteWebhook, useDeliveries, useWebhook, useWebhookChange, type WebhookChange } from './api.js';
import { DeliveriesTable } from './DeliveriesTable.js';
import { EndpointFields } from './EndpointFields.js';
import { SecretOnce } from './SecretOnce.js';
import { parseEvents, type Webhook } from './types.js';

/** What the page says once a change is done. */
function done(change: WebhookChange): string {
  switch (change.kind) {
    case 'edit':
      return 'Saved.';
    case 'enable':
      return change.enabled ? 'Enabled.' : 'Disabled: no more deliveries.';
    case 'test':
      return 'A test event is on its way.';
    case 'rotate-secret':
      return 'New secret made; the old one signs too for 24 hours.';
    case 'replay':
      return `Delivery of ${change.delivery.eventType} queued again.`;
  }
}

/** One endpoint: edit, disable or enable, rotate its secret, send a test, delete; its deliveries with Replay. */
export function WebhookPage({ siteId, webhookId }: { siteId: string; webhookId: string }) {
  const { data: webhook, error: loadError } = useWebhook(siteId, webhookId);
  const deliveries = useDeliveries(siteId, webhookId);
  const change = useWebhookChange(siteId, webhookId);
  const remove = useDeleteWebhook(siteId, webhookId);
  const busy = change.isPending || remove.isPending;
  const error = (remove.error ?? change.error ?? loadError ?? deliveries.error)?.message;
  const success = change.isSuccess ? done(change.variables) : undefined;
  // The secret just made, shown once: it stays on the page through later changes.
  const [secret, setSecret] = useState<string>();
  const rotate = () => change.mutate({ kind: 'rotate-secret' }, { onSuccess: setSecret });

  if (!webhook) {
    return (
      <>
        <p>
          <Link to="/webhooks">All webhooks</Link>
        </p>
        {error ? <Notice error={error} /> : <p role="status">Loading the endpoint…</p>}
      </>
    );
  }
  const fromConfig = webhook.source === 'config';
  return (
    <>
      <p>
        <Link to="/webhooks">All webhooks</Link>
      </p>
      <PageHeading>{webhook.url}</PageHeading>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          {webhook.enabled ? 'Enabled' : `Disabled${webhook.disabledReason ? ` (${webhook.disabledReason})` : ''}`}
        </dd>
        <dt>Events</dt>
        <dd>{webhook.events.join(', ')}</dd>
        <dt>Created</dt>
        <dd>{new Date(webhook.createdDate).toLocaleString()}</dd>
        {webhook.failingSince && (
          <>
            <dt>Failing since</dt>
            <dd>{new Date(webhook.failingSince).toLocaleString()}</dd>
          </>
        )}
        {webhook.secretRotatingUntil && (
          <>
            <dt>Old secret signs too until</dt>
            <dd>{new Date(webhook.secretRotatingUntil).toLocaleString()}</dd>
          </>
        )}
      </dl>
      {fromConfig && <p className="help-block">This endpoint is defined in the config file; change it there.</p>}
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => change.mutate({ kind: 'test' })}>
          Send test event
        </button>
        {!fromConfig && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => change.mutate({ kind: 'enable', enabled: !webhook.enabled })}
            >
              {webhook.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" disabled={busy} onClick={rotate}>
              Rotate secret
            </button>
            <ConfirmButton
              label="Delete endpoint"
              question="Delete this endpoint?"
              consequence="No more events are sent to it, deliveries waiting to be retried are dropped, and its delivery history is deleted. This cannot be undone."
              confirmLabel="Yes, delete the endpoint"
              disabled={busy}
              onConfirm={() => remove.mutateAsync().then(() => navigate('/webhooks'))}
            />
          </>
        )}
      </div>
      <Notice error={error} success={success} />
      {secret && <SecretOnce secret={secret} />}
      {!fromConfig && (
        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit</h2>
          <EditForm key={webhook.updatedDate} webhook={webhook} busy={busy} onSave={(edit) => change.mutate(edit)} />
        </section>
      )}
      <DeliveriesTable
        deliveries={deliveries.data ?? []}
        busy={busy}
        onReplay={(delivery) => change.mutate({ kind: 'replay', delivery })}
        onRefresh={() => void deliveries.refetch()}
      />
    </>
  );
}

/** The endpoint's URL, events and description, as last saved. */
function EditForm({
  webhook,
  busy,
  onSave,
}: {
  webhook: Webhook;
  busy: boolean;
  onSave: (edit: Extract<WebhookChange, { kind: 'edit' }>) => void;
}) {
  const form = useForm(
    { url: webhook.url, events: webhook.events.join(', '), description: webhook.description },
    { isPending: busy, error: null },
  );
  const submit = form.onSubmit(({ url, events, description }) =>
    onSave({ kind: 'edit', url: url.trim(), events: parseEvents(events), description }),
  );
  return (
    <form className="form" onSubmit={submit}>
      <EndpointFields field={form.field} idPrefix="edit-" />
      <button type="submit" disabled={busy}>
        Save
      </button>
    </form>
  );
}
