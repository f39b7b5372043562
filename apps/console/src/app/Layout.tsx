import type { ReactNode } from 'react';
import type { Session } from '../api/types.js';
import { Link } from '../components/Link.js';
import { useSiteId } from './site.js';

interface NavLink {
  to: string;
  label: string;
  /** Only these roles see it: the server refuses the page to the others. */
  roles?: readonly string[];
}

export const NAV: readonly (NavLink | { group: string; items: readonly NavLink[] })[] = [
  { to: '/', label: 'Overview' },
  // The commerce module (features/shop): every role reads it; the pages offer changes to owners and editors.
  {
    group: 'Shop',
    items: [
      { to: '/shop/orders', label: 'Orders' },
      { to: '/shop/products', label: 'Products' },
      { to: '/shop/collections', label: 'Product collections' },
      { to: '/shop/discounts', label: 'Discount codes' },
      { to: '/shop/taxes', label: 'Currency and taxes' },
    ],
  },
  { to: '/members', label: 'Members' },
  // The server refuses these to other roles; the links are not shown to them either.
  { to: '/collections', label: 'Collections', roles: ['owner', 'editor'] },
  { to: '/media', label: 'Media', roles: ['owner', 'editor'] },
  { to: '/apps', label: 'Apps', roles: ['owner'] },
  { to: '/api-keys', label: 'API keys', roles: ['owner'] },
  { to: '/mail', label: 'Mail' },
  { to: '/webhooks', label: 'Webhooks', roles: ['owner'] },
  { to: '/owners', label: 'Owners', roles: ['owner'] },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/settings', label: 'Settings' },
];

const isCurrent = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));

function NavItem({ link, path }: { link: NavLink; path: string }) {
  return (
    <li>
      <Link to={link.to} aria-current={isCurrent(link.to, path) ? 'page' : undefined}>
        {link.label}
      </Link>
    </li>
  );
}

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
        <Link to="/account" className="who" aria-label={`Your account: ${session.owner.email}`}>
          {session.owner.email}
        </Link>
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
          {NAV.map((item) =>
            'group' in item ? (
              <li key={item.group} className="nav-group">
                <span id={`nav-${item.group}`} className="nav-group__name">
                  {item.group}
                </span>
                <ul aria-labelledby={`nav-${item.group}`}>
                  {item.items.map((link) => (
                    <NavItem key={link.to} link={link} path={path} />
                  ))}
                </ul>
              </li>
            ) : (
              (!item.roles || item.roles.includes(session.owner.role)) && (
                <NavItem key={item.to} link={item} path={path} />
              )
            ),
          )}
        </ul>
      </nav>
      <main id="main" className="content">
        {children}
      </main>
    </>
  );
}
