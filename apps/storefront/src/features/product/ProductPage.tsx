import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { useState } from 'react';
import { Link, useParams } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import { Skeleton } from '../../components/Skeleton.js';
import { AddToCartButton } from '../cart/AddToCartButton.js';
import { useCart } from '../cart/cart-context.js';
import { fetchCategories, fetchProductBySlug } from '../catalog/catalog-api.js';
import { fetchImageAlt, isUploaded } from './image-alt.js';
import { QuantityStepper } from './QuantityStepper.js';
import { RichText } from '../../components/RichText.js';

/**
 * `/products/:slug` — one product with its description, stock, a quantity and "Add to cart". On phones the
 * price, quantity and button form a bar held at the bottom of the screen (sticky), always in reach.
 */
export function ProductPage() {
  const { _, i18n } = useLingui();
  const [quantity, setQuantity] = useState(1);
  const { limits } = useCart();
  const { slug = '' } = useParams();
  const client = useShopClient();
  const product = useQuery(['product', slug], () => fetchProductBySlug(client, slug), { shared: true });
  // The catalog page's query: names in the shopper's language, usually cached already.
  const categories = useQuery(['categories'], () => fetchCategories(client), { shared: true });
  // An uploaded picture's own words in the shopper's language (the media library's alt text), else the title.
  const image = product.data?.image;
  const alt = useQuery(['imageAlt', image, i18n.locale], () => fetchImageAlt(client, image!, i18n.locale), {
    shared: true,
    enabled: isUploaded(image),
  });

  if (product.status == 'error') {
    return (
      <LoadFailedPage
        heading={_('product.heading')}
        message={_('product.loadFailed')}
        onRetry={() => void product.refetch()}
      />
    );
  }
  if (product.status == 'loading' || product.data === undefined) {
    return (
      <section className="page product-page">
        <div className="product-page__image skeleton__block" aria-hidden="true" />
        <Skeleton lines={4} label={_('product.loading')} />
      </section>
    );
  }
  const p = product.data;
  if (!p) return <NotFoundPage what="product" />;
  const soldOut = p.stock !== undefined && p.stock <= 0;
  const categoryName = categories.data?.find((c) => c.id == p.category)?.name ?? p.category;
  return (
    <article className="page product-page">
      <nav aria-label={_('product.breadcrumb')} className="breadcrumb">
        <Link to="/">{_('catalog.title')}</Link>
        {p.category && (
          <>
            <span aria-hidden="true"> / </span>
            <Link to={`/?category=${encodeURIComponent(p.category)}`}>{categoryName}</Link>
          </>
        )}
      </nav>
      <div className="product-page__layout">
        <ProductImage className="product-page__image" src={p.image} alt={alt.data || p.title} size={480} eager />
        <div className="product-page__info">
          <PageHeading>{p.title}</PageHeading>
          <p className="product-page__price">
            <Price amount={p.price} />
          </p>
          {p.description && <RichText className="rich-text" value={p.description} />}
          <p className="muted">
            {soldOut
              ? _('product.soldOut')
              : p.stock !== undefined
                ? _('product.stockCount', { count: p.stock })
                : _('product.inStock')}
          </p>
          <div className="buy-box">
            <Price amount={p.price} className="price buy-box__price" />
            {!soldOut && (
              <QuantityStepper
                value={quantity}
                // Checkout's cap per product (the site's settings), and never more than the stock.
                max={Math.min(limits.maxUnitsPerProduct, p.stock ?? Infinity)}
                onChange={setQuantity}
              />
            )}
            <AddToCartButton productId={p._id} productTitle={p.title} disabled={soldOut} quantity={quantity} />
          </div>
        </div>
      </div>
    </article>
  );
}
