import type { ReactElement } from 'react';
import { CollectionsPage } from './CollectionsPage.js';
import { ItemPage } from './ItemPage.js';
import { ItemsPage } from './ItemsPage.js';

/** `/collections`, `/collections/:id`, `/collections/:id/new`, `/collections/:id/items/:itemId`; undefined for other paths. */
export function collectionRoutes(path: string, siteId: string): ReactElement | undefined {
  if (path === '/collections') return <CollectionsPage key={siteId} siteId={siteId} />;
  const match = /^\/collections\/([^/]+)(?:\/(new)|\/items\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  const collectionId = decodeURIComponent(match[1]!);
  if (match[2])
    return (
      <ItemPage key={`${siteId}:${collectionId}:new`} siteId={siteId} collectionId={collectionId} itemId={undefined} />
    );
  if (match[3]) {
    const itemId = decodeURIComponent(match[3]);
    return (
      <ItemPage
        key={`${siteId}:${collectionId}:${itemId}`}
        siteId={siteId}
        collectionId={collectionId}
        itemId={itemId}
      />
    );
  }
  return <ItemsPage key={`${siteId}:${collectionId}`} siteId={siteId} collectionId={collectionId} />;
}
