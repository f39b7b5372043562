import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { lineImage, lineName } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import type { CartLine } from './cart-api.js';
import { useCart } from './cart-context.js';
import { lineMax } from './cart-limits.js';
import { LineChoices } from './LineChoices.js';

/** One cart line: product and its chosen variant, quantity stepper (buttons and a number field) and removal. */
export function CartLineRow({ line, currency }: { line: CartLine; currency: string }) {
  const { _ } = useLingui();
  const { lines, limits, setQuantity, remove } = useCart();
  const status = line.availability?.status;
  const gone = status == 'NOT_FOUND' || status == 'NOT_AVAILABLE';
  // The site's caps (what is left of them for this line), and never more than the stock.
  const max = Math.min(lineMax(lines, line, limits), line.availability?.quantityAvailable ?? Infinity);
  // A line still travelling to the server (cart-provider's pending add) has no name yet.
  const title = lineName(line) || (line.id.startsWith('pending-') ? _('common.loading') : _('cart.productUnavailable'));
  return (
    <li className="cart-line">
      <ProductImage className="cart-line__image" src={lineImage(line)} alt="" size={72} />
      <div className="cart-line__info">
        {line.url && !gone ? (
          <Link to={line.url.relativePath} className="cart-line__title">
            {title}
          </Link>
        ) : (
          <span className="cart-line__title">{title}</span>
        )}
        <LineChoices line={line} />
        {gone ? (
          <p className="cart-limit">{_('cart.productUnavailable')}</p>
        ) : (
          <Price amount={line.price.amount} currency={currency} className="muted" />
        )}
      </div>
      <div className="stepper" role="group" aria-label={_('cart.quantityOf', { title })}>
        <button
          type="button"
          className="stepper__button"
          aria-label={_('cart.decrease', { title })}
          onClick={() => void setQuantity(line.id, line.quantity - 1)}
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
            if (Number.isFinite(n) && n >= 1) void setQuantity(line.id, Math.min(n, Math.max(max, 1)));
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={_('cart.increase', { title })}
          disabled={line.quantity >= max || gone}
          onClick={() => void setQuantity(line.id, line.quantity + 1)}
        >
          +
        </button>
      </div>
      {line.lineItemPrice && (
        <Price amount={line.lineItemPrice.amount} currency={currency} className="cart-line__total" />
      )}
      <button
        type="button"
        className="link-button cart-line__remove"
        aria-label={_('cart.removeTitle', { title })}
        onClick={() => void remove(line.id)}
      >
        {_('cart.remove')}
      </button>
    </li>
  );
}
