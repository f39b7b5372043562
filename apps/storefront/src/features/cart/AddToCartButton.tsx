import { useLingui } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { withPageTexts } from '../../i18n/i18n.js';
import { useCart } from './cart-context.js';

// Out of the first load: the panel's code, styles and texts (the catalog's `pages` part) come with the first add.
const CartPanel = lazy(withPageTexts(() => import('./CartPanel.js')));

/**
 * "Add to cart": adds `quantity` units (one by default) and opens the cart panel (the line, the subtotal, Checkout); the cart link's
 * count updates at once. `productTitle` gives screen readers the confirmation ("Added Blue Mug to your cart").
 */
export function AddToCartButton({
  productId,
  productTitle,
  disabled,
  quantity = 1,
}: {
  productId: string;
  productTitle: string;
  disabled?: boolean;
  /** How many to add (the product page's quantity selector); one from a catalog card. */
  quantity?: number;
}) {
  const { _ } = useLingui();
  const { add } = useCart();
  const [added, setAdded] = useState(0);
  const [panel, setPanel] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => {
          setAdded((n) => n + 1);
          setPanel(true);
          void add(productId, quantity);
        }}
      >
        {_('cart.add')}
      </button>
      <span className="visually-hidden" role="status">
        {added > 0 ? _('cart.added', { title: productTitle }) : ''}
      </span>
      {panel && (
        <Suspense fallback={null}>
          <CartPanel productId={productId} onClose={() => setPanel(false)} />
        </Suspense>
      )}
    </>
  );
}
