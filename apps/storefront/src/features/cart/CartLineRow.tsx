import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import type { Product } from '../catalog/product-types.js';
import type { CartLine } from './cart-api.js';
import { useCart } from './cart-context.js';
import { lineMax } from './cart-limits.js';

/** One cart line: product, quantity stepper (buttons and a number field) and removal. */
export function CartLineRow({
  line,
  product,
  loading,
}: {
  line: CartLine;
  product: Product | undefined;
  loading: boolean;
}) {
  const { _ } = useLingui();
  const { lines, limits, setQuantity, remove } = useCart();
  // The site's caps (what is left of them for this line), and never more than the stock.
  const max = Math.min(lineMax(lines, line, limits), product?.stock ?? Infinity);
  const title = product?.title ?? (loading ? _('common.loading') : _('cart.productUnavailable'));
  return (
    <li className="cart-line">
      <ProductImage className="cart-line__image" src={product?.image} alt="" size={72} />
      <div className="cart-line__info">
        {product ? (
          <Link to={`/products/${encodeURIComponent(product.slug)}`} className="cart-line__title">
            {product.title}
          </Link>
        ) : (
          <span className="cart-line__title">{title}</span>
        )}
        {product && <Price amount={product.price} className="muted" />}
      </div>
      <div className="stepper" role="group" aria-label={_('cart.quantityOf', { title })}>
        <button
          type="button"
          className="stepper__button"
          aria-label={_('cart.decrease', { title })}
          onClick={() => void setQuantity(line._id, line.quantity - 1)}
        >
          −
        </button>
        <input
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          aria-label={_('cart.quantityOf', { title })}
          value={line.quantity}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(n) && n >= 1) void setQuantity(line._id, Math.min(n, Math.max(max, 1)));
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={_('cart.increase', { title })}
          disabled={line.quantity >= max}
          onClick={() => void setQuantity(line._id, line.quantity + 1)}
        >
          +
        </button>
      </div>
      <Price amount={(product?.price ?? 0) * line.quantity} className="cart-line__total" />
      <button
        type="button"
        className="link-button cart-line__remove"
        aria-label={_('cart.removeTitle', { title })}
        onClick={() => void remove(line._id)}
      >
        {_('cart.remove')}
      </button>
    </li>
  );
}
