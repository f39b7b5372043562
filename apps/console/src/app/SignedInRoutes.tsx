import type { Session } from '../api/types.js';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage.js';
import { AppsPage } from '../features/apps/AppsPage.js';
import { AuditLogPage } from '../features/audit-log/AuditLogPage.js';
import { collectionRoutes } from '../features/collections/collection-routes.js';
import { PageHeading } from '../components/PageHeading.js';
import { MailPage } from '../features/mail/MailPage.js';
import { MediaLibraryPage } from '../features/media/MediaLibraryPage.js';
import { ImportMembersPage } from '../features/members/ImportMembersPage.js';
import { MemberPage } from '../features/members/MemberPage.js';
import { MembersPage } from '../features/members/MembersPage.js';
import { OverviewPage } from '../features/overview/OverviewPage.js';
import { AccountPage } from '../features/owners/AccountPage.js';
import { OwnersPage } from '../features/owners/OwnersPage.js';
import { SettingsPage } from '../features/settings/SettingsPage.js';
import { shopRoutes } from '../features/shop/shop-routes.js';
import { WebhookPage } from '../features/webhooks/WebhookPage.js';
import { WebhooksPage } from '../features/webhooks/WebhooksPage.js';
import { useSiteId } from './site.js';

/** The pages behind sign-in. An owner who must turn two-factor on first sees only Settings. */
export function SignedInRoutes({
  session,
  path,
  onSessionChanged,
}: {
  session: Session;
  path: string;
  onSessionChanged: () => void;
}) {
  const [siteId] = useSiteId(session.sites);
  if (session.mustEnrolTwoFactor || path === '/settings' || path.startsWith('/settings/'))
    return <SettingsPage session={session} path={path} onChanged={onSessionChanged} />;
  if (path === '/members/import') return <ImportMembersPage key={siteId} siteId={siteId} />;
  const member = /^\/members\/([^/]+)$/.exec(path);
  if (member)
    return <MemberPage key={`${siteId}:${member[1]}`} siteId={siteId} memberId={decodeURIComponent(member[1]!)} />;
  const webhook = /^\/webhooks\/([^/]+)$/.exec(path);
  if (webhook)
    return <WebhookPage key={`${siteId}:${webhook[1]}`} siteId={siteId} webhookId={decodeURIComponent(webhook[1]!)} />;
  // The Shop group; the older `/orders` addresses (bookmarks, mails) open its orders.
  const shop = shopRoutes(/^\/orders(\/|$)/.test(path) ? `/shop${path}` : path, siteId, session.owner.role);
  if (shop) return shop;
  const collections = collectionRoutes(path, siteId);
  if (collections) return collections;
  switch (path) {
    case '/members':
      return <MembersPage key={siteId} siteId={siteId} />;
    case '/audit-log':
      return <AuditLogPage key={siteId} siteId={siteId} />;
    case '/api-keys':
      return <ApiKeysPage key={siteId} siteId={siteId} />;
    case '/apps':
      return <AppsPage key={siteId} siteId={siteId} />;
    case '/media':
      return <MediaLibraryPage key={siteId} siteId={siteId} />;
    case '/mail':
      return <MailPage key={siteId} siteId={siteId} />;
    case '/owners':
      return <OwnersPage me={session.owner} />;
    case '/account':
      return <AccountPage session={session} />;
    case '/webhooks':
      return <WebhooksPage key={siteId} siteId={siteId} />;
    case '/':
      return <OverviewPage key={siteId} siteId={siteId} />;
    default:
      return (
        <>
          <PageHeading>Page not found</PageHeading>
          <p>Nothing lives at this address; use the navigation.</p>
        </>
      );
  }
}
