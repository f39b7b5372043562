import { Link } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { AddToCartButton } from '../cart/AddToCartButton.js';
import type { Product } from './product-types.js';

export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const soldOut = product.stock !== undefined && product.stock <= 0;
  return (
    <li className="product-card">
      <Link to={`/products/${encodeURIComponent(product.slug)}`} className="product-card__link">
        {product.image ? (
          <img
            className="product-card__image"
            src={product.image}
            alt=""
            width="320"
            height="320"
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="product-card__image" aria-hidden="true" />
        )}
        <h2 className="product-card__title">{product.title}</h2>
      </Link>
      <p className="product-card__meta">
        <Price amount={product.price} />
        {soldOut && <span className="badge">Sold out</span>}
      </p>
      <AddToCartButton productId={product._id} productTitle={product.title} disabled={soldOut} />
    </li>
  );
}
