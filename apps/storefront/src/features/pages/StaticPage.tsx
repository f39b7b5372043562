import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { useParams } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { PageHeading } from '../../components/PageHeading.js';
import { RichText } from '../../components/RichText.js';
import { Skeleton } from '../../components/Skeleton.js';
import { fetchPageBySlug } from './pages-api.js';

/** `/pages/:slug` — an information page of the `Pages` collection (about, delivery and returns, contact…). */
export function StaticPage() {
  const { _ } = useLingui();
  const { slug = '' } = useParams();
  const client = useShopClient();
  const page = useQuery(['page', slug], () => fetchPageBySlug(client, slug), { shared: true });

  if (page.status == 'error') {
    return (
      <LoadFailedPage
        heading={_('staticPage.heading')}
        message={_('staticPage.loadFailed')}
        onRetry={() => void page.refetch()}
      />
    );
  }
  if (page.status == 'loading' || page.data === undefined)
    return <Skeleton lines={6} label={_('staticPage.loading')} />;
  if (!page.data) return <NotFoundPage />;
  return (
    <article className="page static-page">
      <PageHeading>{page.data.title}</PageHeading>
      {page.data.body && <RichText className="rich-text" value={page.data.body} />}
    </article>
  );
}
