import { useLingui } from '@lingui/react';
import { useAuthActions, useSession } from '@vitrine/react';
import { useId, useState } from 'react';
import { getBase, Link, NavLink, useLocation } from './router/index.js';
import { useRuntimeConfig } from '../config/config-context.js';
import { authPageLink } from '../features/auth/return-to.js';
import { CartLink } from '../features/cart/CartLink.js';
import { LanguageSelect } from '../i18n/LanguageSelect.js';
import { CategoryLinks } from './CategoryLinks.js';

/**
 * Where signing out lands: the same page in the same language (a shopper who came on an `/ar/…` link and never
 * used the language menu stayed Arabic only through the address), or that language's home from the pages only a
 * member sees.
 */
function afterSignOut(path: string): string {
  const page = /^\/(account|callback)(\/|\?|$)/.test(path) ? '/' : path;
  return page == '/' ? getBase() || '/' : getBase() + page;
}

/**
 * Site header: brand, cart (with count), the session's main action (Sign in / Sign out) and, on phones, a
 * Menu button that opens the rest (the catalog's categories, Create account or Account and Orders, Language) under the row, so the
 * header is one row at 390 px. From 48rem on the menu's contents sit in the row and the button is hidden.
 */
export function Header() {
  const { _ } = useLingui();
  const { siteName } = useRuntimeConfig();
  const { isMember } = useSession();
  const { logout } = useAuthActions();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPage, setMenuPage] = useState(location);
  const menuId = useId();
  // A new page closes the menu.
  if (menuPage != location) {
    setMenuPage(location);
    setMenuOpen(false);
  }

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout({ returnTo: afterSignOut(location.pathname + location.search) });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <header className="site-header" onKeyDown={(e) => e.key == 'Escape' && setMenuOpen(false)}>
      <div className="site-header__inner">
        {/* dir="auto": the shop's name keeps its own direction (and its ellipsis end) in right-to-left pages. */}
        <Link to="/" className="brand" dir="auto">
          {siteName}
        </Link>
        <CartLink />
        {isMember ? (
          <button type="button" className="nav-link nav-button" onClick={() => void signOut()} disabled={signingOut}>
            {_('header.signOut')}
          </button>
        ) : (
          <NavLink to={authPageLink('/sign-in', location)} className="nav-link">
            {_('header.signIn')}
          </NavLink>
        )}
        <button
          type="button"
          className="nav-link menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="visually-hidden">{_('header.menu')}</span>
          {/* An icon of its own (not the button's background, which hover styles replace): three bars, × when open. */}
          <svg className="menu-button__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
        </button>
        <div id={menuId} className={menuOpen ? 'site-menu site-menu--open' : 'site-menu'}>
          {/* Phones only (the desktop row has the catalog's filter); read when the menu opens. */}
          {menuOpen && <CategoryLinks className="menu-categories" />}
          <nav aria-label={_('header.nav')} className="main-nav">
            <ul>
              {isMember ? (
                <>
                  <li>
                    <NavLink to="/account" end className="nav-link">
                      {_('header.account')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/account/orders" className="nav-link">
                      {_('header.orders')}
                    </NavLink>
                  </li>
                </>
              ) : (
                <li>
                  <NavLink to={authPageLink('/create-account', location)} className="nav-link nav-link--accent">
                    {_('header.createAccount')}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
