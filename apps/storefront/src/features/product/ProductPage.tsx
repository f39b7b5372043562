import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { useState } from 'react';
import { Link, useParams } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ProductImage } from '../../components/ProductImage.js';
import { Skeleton } from '../../components/Skeleton.js';
import { AddToCartButton } from '../cart/AddToCartButton.js';
import { useCart } from '../cart/cart-context.js';
import { fetchCategories, fetchProductBySlug } from '../catalog/catalog-api.js';
import type { Product } from '../catalog/product-types.js';
import { ProductPrice } from '../catalog/ProductPrice.js';
import { fetchImageAlt, isUploaded } from './image-alt.js';
import { QuantityStepper } from './QuantityStepper.js';
import { RichText } from '../../components/RichText.js';
import { initialSelection, pick, selectedVariant } from './variant-choice.js';
import { VariantPicker } from './VariantPicker.js';

/**
 * `/products/:slug` — one product with its description, a variant picker (one radio group per option: price,
 * stock and picture follow the chosen variant), a quantity and "Add to cart". On phones the price, quantity and
 * button form a bar held at the bottom of the screen (sticky), always in reach.
 */
export function ProductPage() {
  const { _ } = useLingui();
  const { slug = '' } = useParams();
  const client = useShopClient();
  const product = useQuery(['product', slug], () => fetchProductBySlug(client, slug), { shared: true });

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
  if (!product.data) return <NotFoundPage what="product" />;
  // Keyed by product: another product's page starts from its own first variant.
  return <ProductView key={product.data._id} product={product.data} />;
}

function ProductView({ product: p }: { product: Product }) {
  const { _, i18n } = useLingui();
  const client = useShopClient();
  const { limits } = useCart();
  const [quantity, setQuantity] = useState(1);
  const [selection, setSelection] = useState(() => initialSelection(p));
  // The catalog page's query: names in the shopper's language, usually cached already.
  const categories = useQuery(['categories'], () => fetchCategories(client), { shared: true });
  const category = categories.data?.find((c) => p.collectionIds.includes(c.collectionId));
  const variant = selectedVariant(p, selection);
  // A colour's own picture when it has one, else the product's.
  const chosenImage = p.options
    .flatMap((o) => o.choices.filter((c) => selection[o.name] === c.description))
    .map((c) => c.media?.items?.[0]?.image?.url)
    .find(Boolean);
  const image = chosenImage ?? p.image;
  // An uploaded picture's own words in the shopper's language (the media library's alt text), else the words the
  // owner gave the product's picture, else the title.
  const alt = useQuery(['imageAlt', image, i18n.locale], () => fetchImageAlt(client, image!, i18n.locale), {
    shared: true,
    enabled: isUploaded(image),
  });
  const soldOut = variant ? !variant.inStock : !p.inStock;
  const stock = variant ? variant.stock : p.stock;
  const price = variant
    ? { price: variant.price, compareAt: variant.compareAt, currency: p.currency }
    : { price: p.price, compareAt: p.compareAt, priceMax: p.priceMax, currency: p.currency };
  return (
    <article className="page product-page">
      <nav aria-label={_('product.breadcrumb')} className="breadcrumb">
        <Link to="/">{_('catalog.title')}</Link>
        {category && (
          <>
            <span aria-hidden="true"> / </span>
            <Link to={`/?category=${encodeURIComponent(category.id)}`}>{category.name}</Link>
          </>
        )}
      </nav>
      <div className="product-page__layout">
        <ProductImage
          className="product-page__image"
          src={image}
          alt={alt.data || (image === p.image && p.imageAlt) || p.title}
          size={480}
          eager
        />
        <div className="product-page__info">
          <PageHeading>{p.title}</PageHeading>
          <p className="product-page__price">
            <ProductPrice {...price} />
          </p>
          {p.description && <RichText className="rich-text" value={p.description} />}
          {p.options.length > 0 && (
            <VariantPicker
              product={p}
              selection={selection}
              onPick={(option, choice) => setSelection((s) => pick(p, s, option, choice))}
            />
          )}
          <p className="muted" role="status">
            {!variant && p.options.length > 0
              ? _('product.chooseOptions')
              : soldOut
                ? _('product.soldOut')
                : stock !== undefined
                  ? _('product.stockCount', { count: stock })
                  : _('product.inStock')}
          </p>
          <div className="buy-box">
            <ProductPrice {...price} className="price buy-box__price" />
            {!soldOut && (
              <QuantityStepper
                value={quantity}
                // Checkout's cap per line (the site's settings), and never more than the stock.
                max={Math.min(limits.maxUnitsPerProduct, stock ?? Infinity)}
                onChange={setQuantity}
              />
            )}
            <AddToCartButton
              productId={p._id}
              variantId={variant?.id}
              productTitle={p.title}
              disabled={soldOut || !variant}
              quantity={quantity}
            />
          </div>
        </div>
      </div>
    </article>
  );
}
