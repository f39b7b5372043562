import { useLingui } from '@lingui/react';
import { useAuthActions, useSession } from '@vitrine/react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from './router/index.js';
import { useRuntimeConfig } from '../config/config-context.js';
import { authPageLink } from '../features/auth/return-to.js';
import { CartLink } from '../features/cart/CartLink.js';
import { LanguageSelect } from '../i18n/LanguageSelect.js';

/** Site header: brand, cart (with count), and the session's links. Wraps cleanly at 375 px. */
export function Header() {
  const { _ } = useLingui();
  const { siteName } = useRuntimeConfig();
  const { isMember } = useSession();
  const { logout } = useAuthActions();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {siteName}
        </Link>
        <nav aria-label={_('header.nav')} className="main-nav">
          <ul>
            <li>
              <CartLink />
            </li>
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
                <li>
                  <button
                    type="button"
                    className="nav-link nav-button"
                    onClick={() => void signOut()}
                    disabled={signingOut}
                  >
                    {_('header.signOut')}
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to={authPageLink('/sign-in', location)} className="nav-link">
                    {_('header.signIn')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={authPageLink('/create-account', location)} className="nav-link nav-link--accent">
                    {_('header.createAccount')}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <LanguageSelect />
      </div>
    </header>
  );
}
