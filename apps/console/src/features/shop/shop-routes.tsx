import type { ReactElement } from 'react';
import type { OwnerRole } from '../../api/types.js';
import { DiscountsPage } from './DiscountsPage.js';
import { ProductPage } from './ProductPage.js';
import { ProductsPage } from './ProductsPage.js';
import { ShopCollectionPage } from './ShopCollectionPage.js';
import { ShopCollectionsPage } from './ShopCollectionsPage.js';
import { ShopOrderPage } from './ShopOrderPage.js';
import { ShopOrdersPage } from './ShopOrdersPage.js';
import { TaxesPage } from './TaxesPage.js';

/**
 * The Shop group: `/shop/products[/new|/:id]`, `/shop/collections[/:id]`, `/shop/discounts`, `/shop/orders[/:id]`,
 * `/shop/taxes`; undefined for other paths. The server decides who may change what (CONSOLE_ROLES.catalogChange,
 * discounts, orderStatus: owners and editors; refunds: owners only); no one is offered a change it would be refused.
 */
export function shopRoutes(path: string, siteId: string, role: OwnerRole): ReactElement | undefined {
  const canChange = role === 'owner' || role === 'editor';
  const match = /^\/shop\/(products|collections|discounts|orders|taxes)(?:\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  const [, page, rawId] = match;
  const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
  const key = `${siteId}:${page}:${id ?? ''}`;
  switch (page) {
    case 'products':
      if (!id) return <ProductsPage key={key} siteId={siteId} canChange={canChange} />;
      if (id === 'new') return canChange ? <ProductPage key={key} siteId={siteId} canChange /> : undefined;
      return <ProductPage key={key} siteId={siteId} productId={id} canChange={canChange} />;
    case 'collections':
      return id ? (
        <ShopCollectionPage key={key} siteId={siteId} collectionId={id} canChange={canChange} />
      ) : (
        <ShopCollectionsPage key={key} siteId={siteId} canChange={canChange} />
      );
    case 'orders':
      return id ? (
        <ShopOrderPage key={key} siteId={siteId} orderId={id} canChange={canChange} canRefund={role === 'owner'} />
      ) : (
        <ShopOrdersPage key={key} siteId={siteId} />
      );
    case 'discounts':
      return id ? undefined : <DiscountsPage key={key} siteId={siteId} canChange={canChange} />;
    default:
      return id ? undefined : <TaxesPage key={key} siteId={siteId} />;
  }
}
