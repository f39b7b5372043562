import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { Link } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { fetchPageLinks } from './pages-api.js';

/** The footer's links to the shop's information pages, in the shopper's language; nothing while they load. */
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
            <Link to={`/pages/${encodeURIComponent(page.slug)}`}>{page.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
