import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '../../app/router/index.js';
import { lineChoices, lineImage, lineName } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import { useCart } from './cart-context.js';
import { holds } from './cart-limits.js';
import './cart-panel.css';

/**
 * What "Add to cart" opens (issue #29): the product just added (with the variant's choices), how many are in the
 * cart, the subtotal the server priced and the way to checkout, in a modal dialog (Esc, the close button and
 * "Keep shopping" close it; focus comes back to the button that opened it, as the native dialog does). Loaded on
 * the first add only.
 */
export default function CartPanel({
  productId,
  variantId,
  onClose,
}: {
  productId: string;
  variantId?: string;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const cart = useCart();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const mine = cart.lines.filter((l) => holds(l, productId, variantId));
  const line = mine[0];
  const inCart = mine.reduce((n, l) => n + l.quantity, 0);

  useEffect(() => {
    const d = dialog.current;
    // jsdom has no showModal: there the panel is simply open.
    if (!d || d.open) return;
    if (typeof d.showModal == 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  const close = () =>
    dialog.current?.open && typeof dialog.current.close == 'function' ? dialog.current.close() : onClose();
  const go = (to: string) => {
    close();
    navigate(to);
  };
  const currency = cart.cart?.currency ?? '';

  return (
    <dialog ref={dialog} className="cart-panel" aria-labelledby="cart-panel-title" onClose={onClose}>
      <div className="cart-panel__head">
        <h2 id="cart-panel-title">{_('cartPanel.title')}</h2>
        <button type="button" className="cart-panel__close" aria-label={_('cartPanel.close')} onClick={close}>
          ×
        </button>
      </div>
      <div className="cart-panel__line">
        <ProductImage className="cart-panel__image" src={line ? lineImage(line) : undefined} alt="" size={64} />
        <div>
          <p className="cart-panel__title">
            <bdi>{line ? lineName(line) : ''}</bdi>
          </p>
          {line && line.descriptionLines.length > 0 && (
            <p className="muted cart-line__choices">
              <bdi>{lineChoices(line)}</bdi>
            </p>
          )}
          <p className="muted">{_('cartPanel.inCart', { count: inCart })}</p>
        </div>
        {line && <Price amount={line.price.amount} currency={currency} />}
      </div>
      <p className="cart-panel__subtotal">
        <span>{_('cartPanel.subtotal', { count: cart.count })}</span>{' '}
        {cart.cart && <Price amount={cart.cart.subtotal.amount} currency={currency} className="price price--strong" />}
      </p>
      <div className="cart-panel__actions">
        <button type="button" className="button button--primary button--wide" onClick={() => go('/checkout')}>
          {_('cart.checkout')}
        </button>
        <Link to="/cart" className="button button--wide" onClick={close}>
          {_('cartPanel.viewCart')}
        </Link>
        <button type="button" className="link-button" onClick={close}>
          {_('cartPanel.keepShopping')}
        </button>
      </div>
    </dialog>
  );
}
