import { useLingui } from '@lingui/react';
import { Link } from './router/index.js';
import { PageHeading } from '../components/PageHeading.js';

/** 404: an unknown address, or a product/order that does not exist. */
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
    </section>
  );
}
