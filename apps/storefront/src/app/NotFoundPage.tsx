import { Link } from './router/index.js';
import { PageHeading } from '../components/PageHeading.js';

/** 404: an unknown address, or a product/order that does not exist. */
export function NotFoundPage({ what = 'page' }: { what?: string }) {
  return (
    <section className="page not-found">
      <PageHeading>{what == 'page' ? 'Page not found' : `This ${what} was not found`}</PageHeading>
      <p>The address may be mistyped, or the {what} may have been removed.</p>
      <p>
        <Link to="/" className="button">
          Back to the catalog
        </Link>
      </p>
    </section>
  );
}
