import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/client.js';
import { navigate } from '../../app/router.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DeliveriesTable } from './DeliveriesTable.js';
import { EndpointFields } from './EndpointFields.js';
import { SecretOnce } from './SecretOnce.js';
import { parseEvents, type Delivery, type Webhook } from './types.js';

/** One endpoint: edit, disable or enable, rotate its secret, send a test, delete; its deliveries with Replay. */
export function WebhookPage({ siteId, webhookId }: { siteId: string; webhookId: string }) {
  const base = `/_admin/v1/webhooks/${encodeURIComponent(webhookId)}`;
  const site = `siteId=${encodeURIComponent(siteId)}`;
  const [webhook, setWebhook] = useState<Webhook>();
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [form, setForm] = useState({ url: '', events: '', description: '' });
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [w, d] = await Promise.all([
        api<{ webhook: Webhook }>('GET', `${base}?${site}`),
        api<{ deliveries: Delivery[] }>('GET', `${base}/deliveries?${site}&limit=50`),
      ]);
      setWebhook(w.webhook);
      setForm({ url: w.webhook.url, events: w.webhook.events.join(', '), description: w.webhook.description });
      setDeliveries(d.deliveries);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [base, site]);
  useEffect(() => void load(), [load]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await action();
      await load();
      setSuccess(done);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () =>
        api('PATCH', base, {
          siteId,
          url: form.url.trim(),
          events: parseEvents(form.events),
          description: form.description,
        }),
      'Saved.',
    );
  };

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
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => api('POST', `${base}/test`, { siteId }), 'A test event is on its way.')}
        >
          Send test event
        </button>
        {!fromConfig && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(
                  () => api('PATCH', base, { siteId, enabled: !webhook.enabled }),
                  webhook.enabled ? 'Disabled: no more deliveries.' : 'Enabled.',
                )
              }
            >
              {webhook.enabled ? 'Disable' : 'Enable'}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(
                  async () =>
                    setSecret((await api<{ secret: string }>('POST', `${base}/rotate-secret`, { siteId })).secret),
                  'New secret made; the old one signs too for 24 hours.',
                )
              }
            >
              Rotate secret
            </button>
            <ConfirmButton
              label="Delete endpoint"
              question="Delete this endpoint?"
              consequence="No more events are sent to it, deliveries waiting to be retried are dropped, and its delivery history is deleted. This cannot be undone."
              confirmLabel="Yes, delete the endpoint"
              disabled={busy}
              onConfirm={async () => {
                try {
                  await api('DELETE', `${base}?${site}`);
                  navigate('/webhooks');
                } catch (e) {
                  setError((e as Error).message);
                }
              }}
            />
          </>
        )}
      </div>
      <Notice error={error} success={success} />
      {secret && <SecretOnce secret={secret} />}
      {!fromConfig && (
        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit</h2>
          <form className="form" onSubmit={save}>
            <EndpointFields form={form} onChange={setForm} idPrefix="edit-" />
            <button type="submit" disabled={busy}>
              Save
            </button>
          </form>
        </section>
      )}
      <DeliveriesTable
        deliveries={deliveries}
        busy={busy}
        onReplay={(d) =>
          void run(
            () => api('POST', `${base}/deliveries/${d.id}/replay`, { siteId }),
            `Delivery of ${d.eventType} queued again.`,
          )
        }
        onRefresh={() => void load()}
      />
    </>
  );
}
