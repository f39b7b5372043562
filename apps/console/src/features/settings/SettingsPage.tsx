import type { Session } from '../../api/types.js';
import { useSiteId } from '../../app/site.js';
import { PageHeading } from '../../components/PageHeading.js';
import { SiteConfigSection } from './SiteConfigSection.js';
import { TwoFactorSection } from './TwoFactorSection.js';

/** Settings: the owner's own two-factor, then the site's configuration (read-only) and SDK snippets. */
export function SettingsPage({ session, onChanged }: { session: Session; onChanged: () => void }) {
  const [siteId] = useSiteId(session.sites);
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <p>
        Signed in as {session.owner.email} ({session.owner.role}).
      </p>
      <TwoFactorSection owner={session.owner} onChanged={onChanged} required={session.mustEnrolTwoFactor} />
      {!session.mustEnrolTwoFactor && <SiteConfigSection key={siteId} siteId={siteId} />}
    </>
  );
}
