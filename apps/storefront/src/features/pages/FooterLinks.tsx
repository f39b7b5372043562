import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { NavLink } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { fetchPageLinks } from './pages-api.js';

/**
 * The footer's links to the shop's information pages, in the shopper's language; nothing while they load. The
 * page being read is marked (`aria-current`), so the footer also says where the shopper is.
 */
export function FooterLinks() {
  const { _ } = useLingui();
  const client = useShopClient();
  const links = useQuery(['pageLinks'], () => fetchPageLinks(client), { shared: true });
  if (!links.data?.length) return null;
  return (
    <nav aria-label={_('layout.pagesNav')}>
      <ul className="site-footer__links">
        {links.data.map((page) => (
          <li key={page.slug}>
            <NavLink to={`/pages/${encodeURIComponent(page.slug)}`} end>
              {page.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
