import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useCart } from './cart-context.js';

/**
 * "Add to cart": adds one unit; the cart link's count updates at once. `productTitle` gives screen
 * readers the confirmation ("Added Blue Mug to your cart").
 */
export function AddToCartButton({
  productId,
  productTitle,
  disabled,
}: {
  productId: string;
  productTitle: string;
  disabled?: boolean;
}) {
  const { _ } = useLingui();
  const { add } = useCart();
  const [added, setAdded] = useState(0);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => {
          setAdded((n) => n + 1);
          void add(productId, 1);
        }}
      >
        {_('cart.add')}
      </button>
      <span className="visually-hidden" role="status">
        {added > 0 ? _('cart.added', { title: productTitle }) : ''}
      </span>
    </>
  );
}
