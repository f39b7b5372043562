import { Notice } from '../../components/Notice.js';
import { useSiteConfig } from './api.js';
import { SdkSnippet } from './SdkSnippet.js';

const list = (values: string[]) => (values.length ? values.join(', ') : '—');

/** "fr (français)": the tag as written in the file, then the language's own name. */
function languageName(tag: string): string {
  try {
    return `${tag} (${new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag})`;
  } catch {
    return tag;
  }
}

/** One config entry: its key name in the file, then its values as a definition list. */
function Entry({ title, configKey, facts }: { title: string; configKey: string; facts: [string, string][] }) {
  return (
    <div className="config-entry">
      <h4>
        {title} <code>{configKey}</code>
      </h4>
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k} className="fact">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The site's configuration as the server runs it (read-only), by config key, and the SDK snippets. */
export function SiteConfigSection({ siteId }: { siteId: string }) {
  const { data: settings, error: refusal } = useSiteConfig(siteId);
  const error = refusal?.message;
  if (error) return <Notice error={error} />;
  if (!settings) return <p role="status">Loading the site configuration…</p>;
  const { policies, sessions } = settings;
  return (
    <section aria-labelledby="config-heading">
      <h2 id="config-heading">Site configuration</h2>
      <p className="help-block">
        What the server runs with now, under each part's key in the config file (<code>{settings.site.key}</code>, site{' '}
        <code>{settings.site.id}</code>). Change settings above; collections, API keys and webhooks have pages of their
        own.
      </p>
      <h3>Policies</h3>
      <Entry
        title="Policies"
        configKey={policies.key}
        facts={Object.entries(policies)
          .filter(([k]) => k !== 'key')
          .map(([k, v]) => [k, Array.isArray(v) ? list(v as string[]) : String(v)])}
      />
      <Entry
        title="Sessions"
        configKey={sessions.key}
        facts={[
          ['absoluteDays', String(sessions.absoluteDays)],
          ['idleDays', String(sessions.idleDays)],
          ['access token lifetime (tokens.accessTokenTtl)', `${sessions.accessTokenTtlSeconds} s`],
        ]}
      />
      <h3>Languages</h3>
      <Entry
        title="Languages"
        configKey={settings.languages.key}
        facts={[
          ['default', settings.languages.tags[0] ? languageName(settings.languages.tags[0]) : '—'],
          ['languages', list(settings.languages.tags.map(languageName))],
        ]}
      />
      <h3>Clients</h3>
      {settings.clients.map((c) => (
        <Entry
          key={c.key}
          title={c.clientId}
          configKey={c.key}
          facts={[
            ['redirectUris', list(c.redirectUris)],
            ['allowedOrigins', list(c.allowedOrigins)],
            ['refreshTokenRotation', c.refreshTokenRotation ? 'on' : 'off'],
          ]}
        />
      ))}
      <h3>Sign-in providers (SSO)</h3>
      {settings.identityProviders.length === 0 && (
        <p>
          None (<code>{settings.site.key}.identityProviders</code>).
        </p>
      )}
      {settings.identityProviders.map((p) => (
        <Entry
          key={p.key}
          title={p.name}
          configKey={p.key}
          facts={[
            ['id', p.id],
            ['type', p.type],
            ['issuer', p.issuer],
            ['clientId', p.clientId],
            ['clientSecret', p.clientSecretSet ? 'set (not shown)' : 'none (public client)'],
            ['scopes', list(p.scopes)],
            ['Redirect URI to register at the provider', p.redirectUri],
          ]}
        />
      ))}
      <h3>Collections</h3>
      {settings.collections.map((c) => (
        <Entry
          key={c.key}
          title={c.id}
          configKey={c.key}
          facts={[
            [
              'permissions',
              Object.entries(c.permissions)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', '),
            ],
            [
              'fields',
              c.fields
                ? c.fields.map((f) => `${f.key} (${f.type}${f.required ? ', required' : ''})`).join(', ')
                : 'untyped',
            ],
            ['strict', c.strict ? 'yes' : 'no'],
          ]}
        />
      ))}
      <h3>API keys and webhooks in the file</h3>
      <p>
        API keys: {list(settings.apiKeys.map((k) => `${k.name} (${k.key})`))}. Webhooks:{' '}
        {list(settings.webhooks.map((w) => `${w.url} (${w.key})`))}.
      </p>
      {settings.clients[0] && <SdkSnippet publicUrl={settings.publicUrl} clientId={settings.clients[0].clientId} />}
    </section>
  );
}
