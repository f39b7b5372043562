import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/client.js';
import type { ApiKeyRow } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { NewKey } from './NewKey.js';

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

/**
 * The site's API keys: those made here (kept hashed in the database; revocable) and the config file's
 * (read-only). A new key is shown once, with a copy button; it works at once for external login and
 * the data and admin APIs.
 */
export function ApiKeysPage({ siteId }: { siteId: string }) {
  const [keys, setKeys] = useState<ApiKeyRow[]>();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  const load = useCallback(async () => {
    try {
      setKeys(
        (await api<{ apiKeys: ApiKeyRow[] }>('GET', `/_admin/v1/api-keys?siteId=${encodeURIComponent(siteId)}`))
          .apiKeys,
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
    setSuccess(undefined);
    try {
      const answer = await api<{ apiKey: ApiKeyRow; key: string }>('POST', '/_admin/v1/api-keys', { siteId, name });
      setCreated({ name: answer.apiKey.name, key: answer.key });
      setName('');
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeyRow) {
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', `/_admin/v1/api-keys/${encodeURIComponent(key.id!)}/revoke`, { siteId });
      if (created?.name === key.name) setCreated(undefined);
      await load();
      setSuccess(`Revoked "${key.name}": it stopped working everywhere.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading>API keys</PageHeading>
      <p className="help">
        A site API key lets a backend act for the site: external login (
        <code>Authorization: &lt;accessToken&gt;,&lt;apiKey&gt;</code>), the data API with ADMIN rights and the admin
        API. Keep it on servers only.
      </p>
      <form className="toolbar" onSubmit={create}>
        <label>
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
            placeholder="e.g. nightly import"
          />
        </label>
        <button type="submit" disabled={busy}>
          Create API key
        </button>
      </form>
      {created && <NewKey name={created.name} apiKey={created.key} onDone={() => setCreated(undefined)} />}
      <Notice error={error} success={success} />
      {!keys && !error && <p role="status">Loading API keys…</p>}
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
                        onConfirm={() => revoke(k)}
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
