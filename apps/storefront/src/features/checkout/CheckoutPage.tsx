import { useLingui } from '@lingui/react';
import { Rich } from '../../i18n/Rich.js';
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
  const { _ } = useLingui();
  const cart = useCart();
  const member = useMember();
  const { authFetch } = useVitrine();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const products = useCartProducts(cart.lines.map((l) => l.productId));
  const addresses = member.data?.profile.addresses ?? [];
  const preferred = Math.max(
    0,
    addresses.findIndex((a) => a.tag == 'SHIPPING'),
  );
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
      await Promise.all([
        cart.reload().catch(() => undefined),
        invalidate(['orders']),
        invalidate(['product'], { shared: true }),
        invalidate(['catalog'], { shared: true }),
      ]);
      navigate(`/checkout/confirmation/${encodeURIComponent(order._id)}`, { state: { order }, replace: true });
    } catch (e) {
      setError(checkoutErrorMessage(e));
      await cart.reload().catch(() => undefined);
      setBusy(false);
    }
  };

  if (cart.status == 'loading') return <Skeleton lines={4} label={_('cart.loading')} />;
  return (
    <section className="page checkout-page">
      <PageHeading>{_('checkout.heading')}</PageHeading>
      {error && <Alert tone="error">{error}</Alert>}
      {cart.lines.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{_('cart.empty')}</p>
          <p>
            <Link to="/">{_('common.browseCatalog')}</Link>
          </p>
        </div>
      ) : (
        <div className="checkout-layout">
          <section aria-labelledby="checkout-items">
            <h2 id="checkout-items">{_('checkout.items')}</h2>
            <ul className="checkout-lines">
              {cart.lines.map((line) => {
                const product = products.byId.get(line.productId);
                return (
                  <li key={line._id}>
                    <span>
                      {_('checkout.line', { title: product?.title ?? _('common.loading'), quantity: line.quantity })}
                    </span>
                    <Price amount={(product?.price ?? 0) * line.quantity} />
                  </li>
                );
              })}
            </ul>
            <p className="checkout-total">
              {_('checkout.estimatedTotal')} <Price amount={estimate} className="price price--strong" />
            </p>
            <p className="muted">{_('checkout.finalTotalNote')}</p>
          </section>
          <section aria-labelledby="checkout-shipping">
            <h2 id="checkout-shipping">{_('checkout.shippingAddress')}</h2>
            {member.status == 'loading' && !member.data ? (
              <Skeleton lines={2} label={_('checkout.loadingAddresses')} />
            ) : addresses.length == 0 ? (
              <p className="muted">
                <Rich id="checkout.noAddress" components={{ 0: <Link to="/account" /> }} />
              </p>
            ) : (
              <fieldset className="address-choices">
                <legend className="visually-hidden">{_('checkout.shipTo')}</legend>
                {addresses.map((a, i) => (
                  <label key={i} className="radio">
                    <input type="radio" name="address" checked={chosen == i} onChange={() => setAddressIndex(i)} />
                    <span>
                      <strong>{_(`address.tag.${a.tag}`)}</strong> —{' '}
                      <bdi>{formatAddress(a.address) || _('checkout.emptyAddress')}</bdi>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <button
              type="button"
              className="button button--primary button--wide"
              onClick={() => void submit()}
              disabled={busy}
            >
              {_('checkout.placeOrder')}
            </button>
          </section>
        </div>
      )}
    </section>
  );
}
