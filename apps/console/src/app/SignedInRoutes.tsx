import type { Session } from '../api/client.js';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage.js';
import { AuditLogPage } from '../features/audit-log/AuditLogPage.js';
import { collectionRoutes } from '../features/collections/collection-routes.js';
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
  const collections = collectionRoutes(path, siteId);
  if (collections) return collections;
  switch (path) {
    case '/members':
      return <MembersPage key={siteId} siteId={siteId} />;
    case '/audit-log':
      return <AuditLogPage key={siteId} siteId={siteId} />;
    case '/api-keys':
      return <ApiKeysPage key={siteId} siteId={siteId} />;
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
