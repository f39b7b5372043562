import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { ProductImage } from '../../components/ProductImage.js';
import { AddToCartButton } from '../cart/AddToCartButton.js';
import type { Product } from './product-types.js';
import { ProductPrice } from './ProductPrice.js';

/** A product of the catalog; one with options (size, colour) is chosen on its page, so its card links there. */
export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const { _ } = useLingui();
  const soldOut = !product.inStock;
  const href = `/products/${encodeURIComponent(product.slug)}`;
  return (
    <li className="product-card">
      <Link to={href} className="product-card__link">
        <ProductImage className="product-card__image" src={product.image} alt="" size={320} eager={eager} />
        <h2 className="product-card__title">{product.title}</h2>
      </Link>
      <p className="product-card__meta">
        <ProductPrice
          price={product.price}
          compareAt={product.compareAt}
          priceMax={product.priceMax}
          currency={product.currency}
        />
        {soldOut && <span className="badge">{_('product.soldOut')}</span>}
      </p>
      {product.options.length > 0 ? (
        <Link to={href} className="button" aria-label={_('product.chooseOptionsOf', { title: product.title })}>
          {_('product.chooseOptionsButton')}
        </Link>
      ) : (
        <AddToCartButton productId={product._id} productTitle={product.title} disabled={soldOut} />
      )}
    </li>
  );
}
