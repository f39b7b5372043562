import type { Session } from '../api/client.js';
import { AuditLogPage } from '../features/audit-log/AuditLogPage.js';
import { PageHeading } from '../components/PageHeading.js';
import { ComingNext } from '../features/coming-next/ComingNext.js';
import { MemberPage } from '../features/members/MemberPage.js';
import { MembersPage } from '../features/members/MembersPage.js';
import { SettingsPage } from '../features/settings/SettingsPage.js';
import { useSiteId } from './site.js';

/** The pages behind sign-in. An owner who must turn two-factor on first sees only Settings. */
export function SignedInRoutes({ session, path, onSessionChanged }: { session: Session; path: string; onSessionChanged: () => void }) {
  const [siteId] = useSiteId(session.sites);
  if (session.mustEnrolTwoFactor || path === '/settings') return <SettingsPage session={session} onChanged={onSessionChanged} />;
  const member = /^\/members\/([^/]+)$/.exec(path);
  if (member) return <MemberPage key={`${siteId}:${member[1]}`} siteId={siteId} memberId={decodeURIComponent(member[1]!)} />;
  switch (path) {
    case '/members':
      return <MembersPage key={siteId} siteId={siteId} />;
    case '/audit-log':
      return <AuditLogPage key={siteId} siteId={siteId} />;
    case '/collections':
      return <ComingNext title="Collections" what="each collection with its permissions, an items table with the query language, editing, CSV export and import." />;
    case '/api-keys':
      return <ComingNext title="API keys" what="create, list and revoke API keys kept in the database beside the config's keys." />;
    case '/mail':
      return <ComingNext title="Mail" what="the outbox (to, subject, state, attempts, last error) and Retry for a failed message." />;
    case '/':
      return <ComingNext title="Overview" what="members by status, sign-ups and sign-ins per day, failed sign-ins and mail waiting or failing." />;
    default:
      return (
        <>
          <PageHeading>Page not found</PageHeading>
          <p>Nothing lives at this address; use the navigation.</p>
        </>
      );
  }
}
