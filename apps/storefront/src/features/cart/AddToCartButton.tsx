import { useLingui } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { withPageTexts } from '../../i18n/i18n.js';
import { useCart } from './cart-context.js';

// Out of the first load: the panel's code, styles and texts (the catalog's `pages` part) come with the first add.
const CartPanel = lazy(withPageTexts(() => import('./CartPanel.js')));

/**
 * "Add to cart": adds `quantity` units (one by default) and opens the cart panel (the line, the subtotal, Checkout); the cart link's
 * count updates at once. `productTitle` gives screen readers the confirmation ("Added Blue Mug to your cart"). When the
 * cart holds what one order may (the site's caps), the button is off and a short line says which cap.
 */
export function AddToCartButton({
  productId,
  variantId,
  productTitle,
  disabled,
  quantity = 1,
}: {
  productId: string;
  /** The variant chosen on the product page; a product without options needs none. */
  variantId?: string;
  productTitle: string;
  disabled?: boolean;
  /** How many to add (the product page's quantity selector); one from a catalog card. */
  quantity?: number;
}) {
  const { _ } = useLingui();
  const { add, room } = useCart();
  // A full cart (the site's caps, cart-limits.ts) takes no more: the button says so instead of failing at checkout.
  const { reached, max } = room(productId, variantId);
  const [added, setAdded] = useState(0);
  const [panel, setPanel] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || reached !== undefined}
        onClick={() => {
          setAdded((n) => n + 1);
          setPanel(true);
          void add({ productId, variantId, quantity });
        }}
      >
        {_('cart.add')}
      </button>
      {reached && !disabled && <p className="cart-limit muted">{_(`cart.limit.${reached}`, { max })}</p>}
      <span className="visually-hidden" role="status">
        {added > 0 ? _('cart.added', { title: productTitle }) : ''}
      </span>
      {panel && (
        <Suspense fallback={null}>
          <CartPanel productId={productId} variantId={variantId} onClose={() => setPanel(false)} />
        </Suspense>
      )}
    </>
  );
}
