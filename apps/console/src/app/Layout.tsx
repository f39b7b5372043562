import type { ReactNode } from 'react';
import type { Session } from '../api/types.js';
import { Link } from '../components/Link.js';
import { useSiteId } from './site.js';

export const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/orders', label: 'Orders' },
  { to: '/members', label: 'Members' },
  // The server refuses these to other roles; the links are not shown to them either.
  { to: '/collections', label: 'Collections', roles: ['owner', 'editor'] },
  { to: '/media', label: 'Media', roles: ['owner', 'editor'] },
  { to: '/api-keys', label: 'API keys', roles: ['owner'] },
  { to: '/mail', label: 'Mail' },
  { to: '/webhooks', label: 'Webhooks', roles: ['owner'] },
  { to: '/owners', label: 'Owners', roles: ['owner'] },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/settings', label: 'Settings' },
] as const;

const isCurrent = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));

export function Layout({
  session,
  path,
  onSignOut,
  children,
}: {
  session: Session;
  path: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const [siteId, setSiteId] = useSiteId(session.sites);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Vitrine console</span>
        {session.sites.length > 1 && (
          <label className="site-switch">
            Site
            <select value={siteId} onChange={(e) => setSiteId(e.target.value)}>
              {session.sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="who">{session.owner.email}</span>
        <button type="button" className="link-button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      {/* At phone width the nav is a sideways-scrolling strip; Chromium leaves a link focused from the
          keyboard partly off screen, so the focused link is brought fully into view. */}
      <nav
        className="side"
        aria-label="Console"
        onFocus={(e) => e.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
      >
        <ul>
          {NAV.filter(
            (item) => !('roles' in item) || (item.roles as readonly string[]).includes(session.owner.role),
          ).map((item) => (
            <li key={item.to}>
              <Link to={item.to} aria-current={isCurrent(item.to, path) ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content">
        {children}
      </main>
    </>
  );
}
