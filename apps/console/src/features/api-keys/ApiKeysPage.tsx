import { lastChange } from '../../api/query.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api.js';
import { NewKey } from './NewKey.js';

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

/**
 * The site's API keys: those made here (kept hashed in the database; revocable) and the config file's
 * (read-only). A new key is shown once, with a copy button; it works at once for external login and
 * the data and admin APIs.
 */
export function ApiKeysPage({ siteId }: { siteId: string }) {
  const { data: keys, error: loadError } = useApiKeys(siteId);
  const create = useCreateApiKey(siteId);
  const revoke = useRevokeApiKey(siteId);
  const form = useForm({ name: '' }, create);
  const submit = form.onSubmit(({ name }) => create.mutate(name, { onSuccess: () => form.set('name', '') }));
  const last = lastChange(create, revoke);
  const busy = create.isPending || revoke.isPending;
  const error = last.error?.message ?? loadError?.message;
  const success =
    last === revoke && revoke.isSuccess
      ? `Revoked "${revoke.variables.name}": it stopped working everywhere.`
      : undefined;
  // The key just made is shown until Done, or until it is revoked.
  const created =
    create.data && !(revoke.isSuccess && revoke.variables.name === create.data.apiKey.name) ? create.data : undefined;

  return (
    <>
      <PageHeading>API keys</PageHeading>
      <p className="help">
        A site API key lets a backend act for the site: external login (
        <code>Authorization: &lt;accessToken&gt;,&lt;apiKey&gt;</code>), the data API with ADMIN rights and the admin
        API. Keep it on servers only.
      </p>
      <form className="toolbar" onSubmit={submit}>
        <label>
          Name
          <input {...form.field('name')} required maxLength={100} placeholder="e.g. nightly import" />
        </label>
        <button type="submit" disabled={busy}>
          Create API key
        </button>
      </form>
      {created && <NewKey name={created.apiKey.name} apiKey={created.key} onDone={() => create.reset()} />}
      <Notice error={error} success={success} />
      {!keys && !loadError && <p role="status">Loading API keys…</p>}
      {keys && keys.length === 0 && <p>No API keys yet.</p>}
      {keys && keys.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Kept in</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={`${k.source}:${k.id ?? k.name}`}>
                  <td data-label="Name">{k.name}</td>
                  <td data-label="Created">{when(k.createdDate, '—')}</td>
                  <td data-label="Last used">
                    {k.source === 'config' ? 'see the audit log' : when(k.lastUsedDate, 'never')}
                  </td>
                  <td data-label="Kept in">{k.source === 'config' ? 'config file' : 'database'}</td>
                  <td data-label="Actions">
                    {k.source === 'config' ? (
                      <span className="help">change it in the config file</span>
                    ) : (
                      <ConfirmButton
                        label="Revoke"
                        ariaLabel={`Revoke ${k.name}`}
                        question={`Revoke the API key "${k.name}"?`}
                        consequence="It stops working at once, on every instance: any backend or script using it is refused until you give it a new key. This cannot be undone."
                        confirmLabel="Yes, revoke"
                        disabled={busy}
                        onConfirm={() => revoke.mutateAsync(k)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
