import { useAuthActions, useSession } from '@vitrine/react';
import { useState } from 'react';
import { Link, NavLink } from './router/index.js';
import { useRuntimeConfig } from '../config/config-context.js';
import { CartLink } from '../features/cart/CartLink.js';

/** Site header: brand, cart (with count), and the session's links. Wraps cleanly at 375 px. */
export function Header() {
  const { siteName } = useRuntimeConfig();
  const { isMember } = useSession();
  const { logout } = useAuthActions();
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
        <nav aria-label="Main" className="main-nav">
          <ul>
            <li>
              <CartLink />
            </li>
            {isMember ? (
              <>
                <li>
                  <NavLink to="/account" end className="nav-link">
                    Account
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/account/orders" className="nav-link">
                    Orders
                  </NavLink>
                </li>
                <li>
                  <button type="button" className="nav-link nav-button" onClick={() => void signOut()} disabled={signingOut}>
                    Sign out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/sign-in" className="nav-link">
                    Sign in
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/create-account" className="nav-link nav-link--accent">
                    Create account
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
