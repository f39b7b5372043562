import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { ProductImage } from '../../components/ProductImage.js';
import { useCart } from './cart-context.js';
import { useCartProducts } from './CartPage.js';
import './cart-panel.css';

/**
 * What "Add to cart" opens (issue #29): the product just added, how many are in the cart, the subtotal and
 * the way to checkout, in a modal dialog (Esc, the close button and "Keep shopping" close it; focus comes
 * back to the button that opened it, as the native dialog does). Loaded on the first add only.
 */
export default function CartPanel({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { _ } = useLingui();
  const cart = useCart();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const products = useCartProducts(cart.lines.map((l) => l.productId));
  const product = products.byId.get(productId);
  const inCart = cart.lines.filter((l) => l.productId == productId).reduce((n, l) => n + l.quantity, 0);
  const subtotal = cart.lines.reduce((sum, l) => sum + (products.byId.get(l.productId)?.price ?? 0) * l.quantity, 0);

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

  return (
    <dialog ref={dialog} className="cart-panel" aria-labelledby="cart-panel-title" onClose={onClose}>
      <div className="cart-panel__head">
        <h2 id="cart-panel-title">{_('cartPanel.title')}</h2>
        <button type="button" className="cart-panel__close" aria-label={_('cartPanel.close')} onClick={close}>
          ×
        </button>
      </div>
      <div className="cart-panel__line">
        <ProductImage className="cart-panel__image" src={product?.image} alt="" size={64} />
        <div>
          <p className="cart-panel__title">
            <bdi>{product?.title ?? ''}</bdi>
          </p>
          <p className="muted">{_('cartPanel.inCart', { count: inCart })}</p>
        </div>
        {product && <Price amount={product.price} />}
      </div>
      <p className="cart-panel__subtotal">
        <span>{_('cartPanel.subtotal', { count: cart.count })}</span>{' '}
        <Price amount={subtotal} className="price price--strong" />
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
