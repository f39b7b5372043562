import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { EndpointFields } from './EndpointFields.js';
import { SecretOnce } from './SecretOnce.js';
import { parseEvents, type Webhook } from './types.js';

/** The site's webhook endpoints (config file and created here), and a form to add one. */
export function WebhooksPage({ siteId }: { siteId: string }) {
  const [webhooks, setWebhooks] = useState<Webhook[]>();
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ webhook: Webhook; secret: string }>();
  const [form, setForm] = useState({ url: '', events: 'member.*', description: '' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setWebhooks(
        (await api<{ webhooks: Webhook[] }>('GET', `/_admin/v1/webhooks?siteId=${encodeURIComponent(siteId)}`))
          .webhooks,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }, [siteId]);
  useEffect(() => void load(), [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = {
        siteId,
        url: form.url.trim(),
        events: parseEvents(form.events),
        ...(form.description ? { description: form.description } : {}),
      };
      setCreated(await api<{ webhook: Webhook; secret: string }>('POST', '/_admin/v1/webhooks', body));
      setForm({ url: '', events: 'member.*', description: '' });
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading>Webhooks</PageHeading>
      <p className="help-block">
        Each event is signed (Standard Webhooks) and delivered to every enabled endpoint that subscribes to it, with
        retries for about a day and a half.
      </p>
      {webhooks && webhooks.length === 0 && <p>No endpoints yet.</p>}
      {webhooks && webhooks.length > 0 && (
        <ul className="cards" aria-label="Endpoints">
          {webhooks.map((w) => (
            <li key={w.id}>
              <Link to={`/webhooks/${w.id}`}>{w.url}</Link>
              <span className={`badge ${w.enabled ? 'badge-active' : 'badge-blocked'}`}>
                {w.enabled ? 'Enabled' : 'Disabled'}
              </span>
              {w.source === 'config' && <span className="badge">From the config file</span>}
              <div className="help-block">{w.events.join(', ')}</div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-webhook">
        <h2 id="add-webhook">Add an endpoint</h2>
        <form className="form" onSubmit={create}>
          <EndpointFields form={form} onChange={setForm} idPrefix="" urlPlaceholder="https://example.com/webhooks" />
          <button type="submit" disabled={busy}>
            Create endpoint
          </button>
        </form>
      </section>
      <Notice error={error} success={created ? `Endpoint created for ${created.webhook.url}.` : undefined} />
      {created && <SecretOnce secret={created.secret} />}
    </>
  );
}
