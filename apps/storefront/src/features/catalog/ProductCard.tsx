import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import { AddToCartButton } from '../cart/AddToCartButton.js';
import type { Product } from './product-types.js';

export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const { _ } = useLingui();
  const soldOut = product.stock !== undefined && product.stock <= 0;
  return (
    <li className="product-card">
      <Link to={`/products/${encodeURIComponent(product.slug)}`} className="product-card__link">
        <ProductImage className="product-card__image" src={product.image} alt="" size={320} eager={eager} />
        <h2 className="product-card__title">{product.title}</h2>
      </Link>
      <p className="product-card__meta">
        <Price amount={product.price} />
        {soldOut && <span className="badge">{_('product.soldOut')}</span>}
      </p>
      <AddToCartButton productId={product._id} productTitle={product.title} disabled={soldOut} />
    </li>
  );
}
