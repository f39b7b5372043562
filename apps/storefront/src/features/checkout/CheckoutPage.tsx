import { useInvalidate, useMember, useVitrine } from '@vitrine/react';
import { useState } from 'react';
import { Link, useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { useCart } from '../cart/cart-context.js';
import { useCartProducts } from '../cart/CartPage.js';
import { formatAddress } from '../orders/order-types.js';
import { placeOrder } from '../orders/orders-api.js';
import { checkoutErrorMessage } from './checkout-errors.js';

export function CheckoutPage() {
  return (
    <RequireMember>
      <Checkout />
    </RequireMember>
  );
}

function Checkout() {
  const cart = useCart();
  const member = useMember();
  const { authFetch } = useVitrine();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const products = useCartProducts(cart.lines.map((l) => l.productId));
  const addresses = member.data?.profile.addresses ?? [];
  const preferred = Math.max(0, addresses.findIndex((a) => a.tag == 'SHIPPING'));
  const [addressIndex, setAddressIndex] = useState<number | null>(null);
  const chosen = addressIndex ?? (addresses.length ? preferred : -1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const estimate = cart.lines.reduce((sum, l) => sum + (products.byId.get(l.productId)?.price ?? 0) * l.quantity, 0);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const address = chosen >= 0 ? addresses[chosen]?.address : undefined;
      const order = await placeOrder(authFetch, address ? { shippingAddress: address } : {});
      await Promise.all([cart.reload().catch(() => undefined), invalidate(['orders']), invalidate(['product'], { shared: true }), invalidate(['catalog'], { shared: true })]);
      navigate(`/checkout/confirmation/${encodeURIComponent(order._id)}`, { state: { order }, replace: true });
    } catch (e) {
      setError(checkoutErrorMessage(e));
      await cart.reload().catch(() => undefined);
      setBusy(false);
    }
  };

  if (cart.status == 'loading') return <Skeleton lines={4} label="Loading your cart…" />;
  return (
    <section className="page checkout-page">
      <PageHeading>Checkout</PageHeading>
      {error && <Alert tone="error">{error}</Alert>}
      {cart.lines.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">Your cart is empty.</p>
          <p>
            <Link to="/">Browse the catalog</Link>
          </p>
        </div>
      ) : (
        <div className="checkout-layout">
          <section aria-labelledby="checkout-items">
            <h2 id="checkout-items">Items</h2>
            <ul className="checkout-lines">
              {cart.lines.map((line) => {
                const product = products.byId.get(line.productId);
                return (
                  <li key={line._id}>
                    <span>
                      {product?.title ?? 'Loading…'} × {line.quantity}
                    </span>
                    <Price amount={(product?.price ?? 0) * line.quantity} />
                  </li>
                );
              })}
            </ul>
            <p className="checkout-total">
              Estimated total <Price amount={estimate} className="price price--strong" />
            </p>
            <p className="muted">The final total is computed by the shop from current prices when you place the order.</p>
          </section>
          <section aria-labelledby="checkout-shipping">
            <h2 id="checkout-shipping">Shipping address</h2>
            {member.status == 'loading' && !member.data ? (
              <Skeleton lines={2} label="Loading your addresses…" />
            ) : addresses.length == 0 ? (
              <p className="muted">
                No saved address. You can add one in <Link to="/account">your profile</Link>, or place the order without one.
              </p>
            ) : (
              <fieldset className="address-choices">
                <legend className="visually-hidden">Ship to</legend>
                {addresses.map((a, i) => (
                  <label key={i} className="radio">
                    <input type="radio" name="address" checked={chosen == i} onChange={() => setAddressIndex(i)} />
                    <span>
                      <strong>{a.tag.charAt(0) + a.tag.slice(1).toLowerCase()}</strong> — {formatAddress(a.address) || 'Empty address'}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <button type="button" className="button button--primary button--wide" onClick={() => void submit()} disabled={busy}>
              Place order
            </button>
          </section>
        </div>
      )}
    </section>
  );
}
