import { useState } from 'react';
import type { OwnerRole, SettingField, SettingsSection, SiteSettingsForm } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { useChangeSettings, useSiteSettings } from './api.js';
import { entryNoun, labelOf } from './labels.js';
import { ProviderTestButton } from './ProviderTestButton.js';
import { READ_ONLY_NOTE_ID } from './SettingControl.js';
import { SettingsForm } from './SettingsForm.js';
import { inGroup, type SettingsGroup } from './settings-groups.js';
import { ShippingSection } from './ShippingSection.js';
import { TestMailButton } from './TestMailButton.js';
import { TransferSection } from './TransferSection.js';

const ROLE_NOUN: Record<OwnerRole, string> = { owner: 'an owner', editor: 'an editor', support: 'support' };

/** Said above the mail settings: which relay wins, and what the test sends. */
const MAIL_NOTE =
  "With a mail server here, the shop's mail goes through it; without one, through the server's own (SMTP_URL), " +
  'if the operator set one. The password is never shown again. "Send a test mail" sends one to you through the saved server.';

type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/** The fields of a new list entry, from the entry's schema (nothing set yet). */
function newEntryFields(section: SettingsSection): SettingField[] {
  const properties = (section.itemSchema as Schema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([name]) => name !== section.idKey)
    .map(([name, schema]) => ({
      key: `${section.name}[new].${name}`,
      name,
      path: `${section.path}[new].${name}`,
      schema,
      source: 'default' as const,
      locked: false,
      secret: schema['x-secret'] === true,
    }));
}

/** A list section (apps, sign-in providers): a form per entry, and one to add an entry. */
function ListSection({ section, settings }: { section: SettingsSection; settings: SiteSettingsForm }) {
  const [newId, setNewId] = useState('');
  const removal = useChangeSettings(settings.siteId);
  const noun = entryNoun(section.name);
  const providers = section.name === 'identityProviders';

  const remove = (id: string) => removal.mutateAsync({ [`${section.name}[${id}]`]: null });

  return (
    <section className="settings-list" aria-labelledby={`settings-${section.name}`}>
      <h3 id={`settings-${section.name}`}>{labelOf(section.name)}</h3>
      {!section.entries?.length && <p>None yet.</p>}
      {section.entries?.map((entry) => (
        <SettingsForm
          key={entry.id}
          siteId={settings.siteId}
          title={entry.id}
          titleLevel={4}
          fields={entry.fields}
          canChange={settings.canChange}
        >
          {providers && <ProviderTestButton siteId={settings.siteId} providerId={entry.id} />}
          {entry.removable && settings.canChange && (
            <ConfirmButton
              label="Remove"
              question={`Remove ${noun} ${entry.id}?`}
              consequence={`Its settings are deleted on every instance${providers ? '; members who signed in with it keep their accounts' : ''}.`}
              confirmLabel={`Yes, remove ${entry.id}`}
              disabled={removal.isPending}
              onConfirm={() => remove(entry.id)}
            />
          )}
        </SettingsForm>
      ))}
      <Notice error={removal.error?.message} />
      {settings.canChange && (
        <details className="add-entry">
          <summary>Add a {noun}</summary>
          <label htmlFor={`new-${section.name}-id`}>Id ({noun}: letters, digits, "-" or "_")</label>
          <input id={`new-${section.name}-id`} value={newId} onChange={(e) => setNewId(e.target.value.trim())} />
          <SettingsForm
            key={`${section.name}-new-${section.entries?.length ?? 0}`}
            siteId={settings.siteId}
            title={`New ${noun}`}
            titleLevel={4}
            fields={newEntryFields(section)}
            canChange={settings.canChange}
            submitLabel={`Add ${noun}`}
            onSaved={() => setNewId('')}
            mapChanges={(changes) =>
              newId
                ? {
                    [`${section.name}[${newId}]`]: Object.fromEntries(
                      Object.entries(changes)
                        .filter(([, value]) => value !== null)
                        .map(([key, value]) => [key.slice(key.lastIndexOf('.') + 1), value]),
                    ),
                  }
                : `Give the new ${noun} an id.`
            }
          />
        </details>
      )}
    </section>
  );
}

/**
 * The site's settings of one group (settings-groups.ts), editable by owners: a form per section, the
 * shipping methods as a form of their own, the mail server with its test; export and import on theirs.
 * Other roles see the same values read-only, told why first, with no Save, Remove, Add or import to try.
 */
export function SiteSettingsSection({
  siteId,
  role,
  group,
}: {
  siteId: string;
  role: OwnerRole;
  group: SettingsGroup;
}) {
  const { data: settings, error: refusal } = useSiteSettings(siteId);
  const error = refusal?.message;
  if (error) return <Notice error={error} />;
  if (!settings) return <p role="status">Loading the site settings…</p>;
  const transfer = group.slug === 'import-export';
  return (
    <section aria-label="Site settings" className="site-settings">
      <p className="help-block">
        {settings.configFile
          ? 'Settings the config file sets are locked here (change them in the file); the others are yours to change.'
          : 'The server runs without a config file: every setting here is yours to change.'}{' '}
        A change is checked as the config file is and is in force on every instance within seconds.
      </p>
      {!settings.canChange && (
        <p className="notice notice-read-only" role="note" id={READ_ONLY_NOTE_ID}>
          Read-only: only owners change the site&rsquo;s settings. You are signed in as {ROLE_NOUN[role]}; ask an owner
          for a change.
        </p>
      )}
      {settings.sections
        .filter((section) => inGroup(group, section.name))
        .map((section) =>
          section.kind === 'list' ? (
            <ListSection key={section.name} section={section} settings={settings} />
          ) : section.name === 'shipping' ? (
            <ShippingSection key={section.name} section={section} settings={settings} />
          ) : (
            <SettingsForm
              key={section.name}
              siteId={settings.siteId}
              title={section.kind === 'value' ? labelOf(section.name).replace(/ \(.*\)$/, '') : labelOf(section.name)}
              fields={section.fields ?? []}
              canChange={settings.canChange}
              description={section.name === 'mail' ? MAIL_NOTE : undefined}
            >
              {section.name === 'mail' && <TestMailButton siteId={settings.siteId} />}
            </SettingsForm>
          ),
        )}
      {transfer && !settings.canChange && <p>Only owners export and import the settings.</p>}
      {transfer && settings.canChange && <TransferSection siteId={settings.siteId} />}
    </section>
  );
}
