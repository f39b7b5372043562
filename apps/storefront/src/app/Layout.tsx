import { useLingui } from '@lingui/react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from './router/index.js';
import { useRuntimeConfig } from '../config/config-context.js';
import { Skeleton } from '../components/Skeleton.js';
import { FooterLinks } from '../features/pages/FooterLinks.js';
import { Header } from './Header.js';
import { requestRouteFocus } from './route-focus.js';

/** Skip link, header, the routed page (lazy pages load inside), footer with the information pages' links. */
export function Layout() {
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const { siteName, devMailbox } = useRuntimeConfig();
  const shown = useRef(pathname);

  // A new path moves focus to the new page's heading (see PageHeading) and scrolls to the top. Compared with the
  // path shown before, not "is this the first run": Strict Mode runs a new effect twice in development.
  useEffect(() => {
    if (shown.current == pathname) return;
    shown.current = pathname;
    requestRouteFocus();
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        {_('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        <Suspense fallback={<Skeleton lines={4} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <FooterLinks />
        <p>{_(devMailbox ? 'layout.footerDevelopment' : 'layout.footer', { siteName })}</p>
      </footer>
    </>
  );
}
