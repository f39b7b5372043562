import type { Session } from '../../api/types.js';
import { useSiteId } from '../../app/site.js';
import { Link } from '../../components/Link.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LastBackupSection } from './LastBackupSection.js';
import { groupBySlug, SETTINGS_GROUPS, type SettingsGroup } from './settings-groups.js';
import { SiteConfigSection } from './SiteConfigSection.js';
import { SiteSettingsSection } from './SiteSettingsSection.js';
import { TwoFactorSection } from './TwoFactorSection.js';

/** The index: the owner's own two-factor and the last backup, then a link per group of the site's settings. */
function SettingsIndex({ session, onChanged }: { session: Session; onChanged: () => void }) {
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <p>
        Signed in as {session.owner.email} ({session.owner.role}).
      </p>
      <TwoFactorSection owner={session.owner} onChanged={onChanged} required={session.mustEnrolTwoFactor} />
      {!session.mustEnrolTwoFactor && (
        <>
          <nav aria-labelledby="settings-index-heading" className="settings-index">
            <h2 id="settings-index-heading">Site settings</h2>
            <ul>
              {SETTINGS_GROUPS.map((group) => (
                <li key={group.slug}>
                  <Link to={`/settings/${group.slug}`}>{group.title}</Link>
                  <span className="settings-index__summary">{group.summary}</span>
                </li>
              ))}
            </ul>
          </nav>
          <LastBackupSection />
        </>
      )}
    </>
  );
}

/** One group's page: its sections' forms (or the import/export, or the server's configuration). */
function SettingsGroupPage({ group, session }: { group: SettingsGroup; session: Session }) {
  const [siteId] = useSiteId(session.sites);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/settings">Settings</Link> <span aria-hidden="true">›</span>
      </p>
      <PageHeading>{group.title}</PageHeading>
      {group.slug === 'server' ? (
        <SiteConfigSection key={siteId} siteId={siteId} />
      ) : (
        <SiteSettingsSection key={`settings-${siteId}`} siteId={siteId} role={session.owner.role} group={group} />
      )}
    </>
  );
}

/**
 * Settings (`/settings` and `/settings/<group>`): an owner who must turn two-factor on first sees only that;
 * an unknown group falls back to the index.
 */
export function SettingsPage({ session, path, onChanged }: { session: Session; path: string; onChanged: () => void }) {
  const group = groupBySlug(path.replace(/^\/settings\/?/, ''));
  if (group && !session.mustEnrolTwoFactor) return <SettingsGroupPage group={group} session={session} />;
  return <SettingsIndex session={session} onChanged={onChanged} />;
}
