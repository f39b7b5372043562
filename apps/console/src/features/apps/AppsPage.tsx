import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { addAppChanges, originOf, removeAddressChanges, type App } from './apps.js';
import { useApps, useChangeApp } from './api.js';

/**
 * Apps: the site's clients and the addresses they sign in at. Adding an app's sign-in callback allows its
 * origin too (what `vitrine clients add` does): without both, sign-in answers REDIRECT_URI_NOT_REGISTERED and the
 * browser refuses the app's calls (CORS). A change is a site setting: checked, audited, on every instance.
 */
export function AppsPage({ siteId }: { siteId: string }) {
  const { data, error: loadError } = useApps(siteId);
  const change = useChangeApp(siteId);
  const apps = data?.apps ?? [];
  const form = useForm({ clientId: '', callback: '' }, change);
  const clientId = form.values.clientId.trim() || apps[0]?.clientId || '';
  const submit = form.onSubmit(({ callback }) => {
    const origin = originOf(callback);
    change.mutate(
      {
        changes: addAppChanges(apps, clientId, callback),
        said: `${clientId} now signs in at ${callback.trim()}${origin ? ` and answers calls from ${origin}` : ''}.`,
      },
      { onSuccess: () => form.set('callback', '') },
    );
  });
  const busy = change.isPending;
  const canChange = data?.canChange ?? false;
  const remove = (app: App, kind: 'redirectUris' | 'allowedOrigins', address: string) =>
    change.mutate({
      changes: removeAddressChanges(app, kind, address),
      said: `Removed ${address} from ${app.clientId}.`,
    });

  return (
    <>
      <PageHeading>Apps</PageHeading>
      <p className="help">
        An app on its own address (a Wix Headless template on <code>http://localhost:3000</code>, a shop on its domain)
        signs members in only at a callback its client lists, and calls the API from the browser only from an allowed
        origin. The same from a terminal: <code>npx vitrine clients add CLIENT_ID --redirect-uri URL</code>. In Next.js,
        call <code>routeWixApis(url)</code> from <code>@vitrine/sdk/wix</code> in the browser code and in{' '}
        <code>middleware.ts</code>.
      </p>
      {canChange && (
        <form className="form app-form" onSubmit={submit} aria-labelledby="add-app-heading">
          <h2 id="add-app-heading">Add an app</h2>
          <label>
            Client id
            <input
              {...form.field('clientId')}
              list="app-client-ids"
              placeholder={apps[0]?.clientId ?? 'my-app'}
              maxLength={100}
              autoComplete="off"
            />
          </label>
          <datalist id="app-client-ids">
            {apps.map((a) => (
              <option key={a.clientId} value={a.clientId} />
            ))}
          </datalist>
          <p className="help">An existing client gets the addresses; a new id makes a new client.</p>
          <label>
            Sign-in callback (redirect URI)
            <input
              {...form.field('callback')}
              type="url"
              required
              inputMode="url"
              placeholder="http://localhost:3000/login-callback"
              maxLength={2000}
            />
          </label>
          <p className="help">Its origin is allowed too.</p>
          <div>
            <button type="submit" disabled={busy || !clientId}>
              Add app
            </button>
          </div>
        </form>
      )}
      <Notice
        error={change.error?.message ?? loadError?.message}
        success={change.isSuccess ? change.variables.said : undefined}
      />
      {!data && !loadError && <p role="status">Loading apps…</p>}
      {apps.map((app) => (
        <section key={app.clientId} aria-labelledby={`app-${app.clientId}`} className="app-entry">
          <h2 id={`app-${app.clientId}`}>{app.clientId}</h2>
          {app.locked && <p className="help">Set in the config file: change it there.</p>}
          <AddressList
            title="Redirect URIs"
            app={app}
            addresses={app.redirectUris}
            busy={busy}
            onRemove={canChange && !app.locked ? (a) => remove(app, 'redirectUris', a) : undefined}
          />
          <AddressList
            title="Allowed origins"
            app={app}
            addresses={app.allowedOrigins}
            busy={busy}
            onRemove={canChange && !app.locked ? (a) => remove(app, 'allowedOrigins', a) : undefined}
          />
          {canChange && app.removable && (
            <ConfirmButton
              label="Remove client"
              ariaLabel={`Remove client ${app.clientId}`}
              question={`Remove the client "${app.clientId}"?`}
              consequence="Its app can no longer sign members in or call the API from the browser, on every instance. Members keep their accounts."
              confirmLabel="Yes, remove"
              disabled={busy}
              onConfirm={() =>
                change.mutateAsync({
                  changes: { [`clients[${app.clientId}]`]: null },
                  said: `Removed ${app.clientId}.`,
                })
              }
            />
          )}
        </section>
      ))}
    </>
  );
}

function AddressList({
  title,
  app,
  addresses,
  busy,
  onRemove,
}: {
  title: string;
  app: App;
  addresses: string[];
  busy: boolean;
  onRemove: ((address: string) => void) | undefined;
}) {
  return (
    <>
      <h3>{title}</h3>
      {addresses.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="cards">
          {addresses.map((address) => (
            <li key={address}>
              <code>{address}</code>
              {onRemove && (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  aria-label={`Remove ${address} from the ${title.toLowerCase()} of ${app.clientId}`}
                  onClick={() => onRemove(address)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
