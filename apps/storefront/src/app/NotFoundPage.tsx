import { useLingui } from '@lingui/react';
import { CategoryLinks } from './CategoryLinks.js';
import { Link } from './router/index.js';
import { PageHeading } from '../components/PageHeading.js';

/** 404: an unknown address (served with status 404, entry-server.tsx), or a product/order that does not exist. */
export function NotFoundPage({ what = 'page' }: { what?: 'page' | 'product' | 'order' }) {
  const { _ } = useLingui();
  return (
    <section className="page not-found">
      <PageHeading>{_(`notFound.${what}.title`)}</PageHeading>
      <p>{_(`notFound.${what}.body`)}</p>
      <p>
        <Link to="/" className="button">
          {_('notFound.backToCatalog')}
        </Link>
      </p>
      {/* Somewhere to go on from here: the catalog's categories (the footer has the information pages). */}
      <CategoryLinks className="not-found__categories" />
    </section>
  );
}
