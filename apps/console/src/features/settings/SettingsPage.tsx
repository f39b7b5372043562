import type { Session } from '../../api/types.js';
import { useSiteId } from '../../app/site.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LastBackupSection } from './LastBackupSection.js';
import { SiteConfigSection } from './SiteConfigSection.js';
import { SiteSettingsSection } from './SiteSettingsSection.js';
import { TwoFactorSection } from './TwoFactorSection.js';

/**
 * Settings: the owner's own two-factor, the last backup, the site's settings (owners change them; the config file's are
 * locked), then what the server runs with (collections, keys, SDK snippets).
 */
export function SettingsPage({ session, onChanged }: { session: Session; onChanged: () => void }) {
  const [siteId] = useSiteId(session.sites);
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <p>
        Signed in as {session.owner.email} ({session.owner.role}).
      </p>
      <TwoFactorSection owner={session.owner} onChanged={onChanged} required={session.mustEnrolTwoFactor} />
      {!session.mustEnrolTwoFactor && <LastBackupSection />}
      {!session.mustEnrolTwoFactor && (
        <SiteSettingsSection key={`settings-${siteId}`} siteId={siteId} role={session.owner.role} />
      )}
      {!session.mustEnrolTwoFactor && <SiteConfigSection key={siteId} siteId={siteId} />}
    </>
  );
}
