import { useLingui } from '@lingui/react';
import { NavLink } from '../../app/router/index.js';
import { useCart } from './cart-context.js';

/** The header's cart link; its accessible name carries the item count ("Cart, 2 items"). */
export function CartLink() {
  const { _, i18n } = useLingui();
  const { count, status } = useCart();
  const shown = status == 'success' ? count : 0;
  return (
    <NavLink to="/cart" className="nav-link cart-link" aria-label={_('cart.linkLabel', { count: shown })}>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20a1 1 0 1 0 0.01 0 M18 20a1 1 0 1 0 0.01 0" />
      </svg>
      <span aria-hidden="true">{_('cart.link')}</span>
      {/* The space makes the visible text "Cart 2", which the name "Cart, 2 items" contains (axe's label-in-name). */}{' '}
      <span className="cart-link__count" aria-hidden="true">
        {i18n.number(shown)}
      </span>
    </NavLink>
  );
}
