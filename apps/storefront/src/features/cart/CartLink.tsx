import { NavLink } from '../../app/router/index.js';
import { useCart } from './cart-context.js';

export const cartLabel = (count: number): string => `Cart, ${count} ${count == 1 ? 'item' : 'items'}`;

/** The header's cart link; its accessible name carries the item count ("Cart, 2 items"). */
export function CartLink() {
  const { count, status } = useCart();
  const shown = status == 'success' ? count : 0;
  return (
    <NavLink to="/cart" className="nav-link cart-link" aria-label={cartLabel(shown)}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20a1 1 0 1 0 0.01 0 M18 20a1 1 0 1 0 0.01 0" />
      </svg>
      <span aria-hidden="true">Cart</span>
      <span className="cart-link__count" aria-hidden="true">
        {shown}
      </span>
    </NavLink>
  );
}
