import type { Session } from '../../api/client.js';
import { PageHeading } from '../../components/PageHeading.js';
import { TwoFactorSection } from './TwoFactorSection.js';

/** Settings: the owner's own two-factor now; the site's configuration (read-only) comes next. */
export function SettingsPage({ session, onChanged }: { session: Session; onChanged: () => void }) {
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <p>
        Signed in as {session.owner.email} ({session.owner.role}).
      </p>
      <TwoFactorSection owner={session.owner} onChanged={onChanged} required={session.mustEnrolTwoFactor} />
      <section aria-labelledby="config-heading">
        <h2 id="config-heading">Site configuration</h2>
        <p className="coming-next">Coming next: the site's policies, clients and collections as the config file defines them.</p>
      </section>
    </>
  );
}
