import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useCreateWebhook, useWebhooks } from './api.js';
import { EndpointFields } from './EndpointFields.js';
import { SecretOnce } from './SecretOnce.js';
import { parseEvents } from './types.js';

/** The site's webhook endpoints (config file and created here), and a form to add one. */
export function WebhooksPage({ siteId }: { siteId: string }) {
  const { data: webhooks, error: loadError } = useWebhooks(siteId);
  const create = useCreateWebhook(siteId);
  const form = useForm({ url: '', events: 'member.*', description: '' }, create);
  const submit = form.onSubmit(({ url, events, description }) =>
    create.mutate(
      { url: url.trim(), events: parseEvents(events), ...(description ? { description } : {}) },
      { onSuccess: form.reset },
    ),
  );
  const created = create.data;

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
        <form className="form" onSubmit={submit}>
          <EndpointFields field={form.field} idPrefix="" urlPlaceholder="https://example.com/webhooks" />
          <button type="submit" disabled={form.busy}>
            Create endpoint
          </button>
        </form>
      </section>
      <Notice
        error={(create.error ?? loadError)?.message}
        success={created ? `Endpoint created for ${created.webhook.url}.` : undefined}
      />
      {created && <SecretOnce secret={created.secret} />}
    </>
  );
}
