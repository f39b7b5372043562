import { useLingui } from '@lingui/react';
import { useQuery, useSession } from '@vitrine/react';
import { Rich } from '../../i18n/Rich.js';
import { Link, useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { estimateTotals } from './cart-extras.js';
import { useCart } from './cart-context.js';
import { cartFull } from './cart-limits.js';
import { CartLineRow } from './CartLineRow.js';
import { CouponForm } from './CouponForm.js';
import { Totals } from './Totals.js';
import { useEcom } from './use-ecom.js';

export function CartPage() {
  const { _ } = useLingui();
  const cart = useCart();
  const ecom = useEcom();
  const { isMember } = useSession();
  const navigate = useNavigate();
  // The server's totals for the cart as it is now (its discount, and tax where it is known without an address).
  const shape =
    cart.lines.map((l) => `${l.id}:${l.quantity}`).join() + `|${cart.cart?.appliedDiscounts[0]?.coupon?.code ?? ''}`;
  const estimate = useQuery(['cart-estimate', shape], () => estimateTotals(ecom), {
    enabled: cart.lines.length > 0,
    keepPreviousData: true,
  });
  const currency = cart.cart?.currency ?? '';
  const full = cartFull(cart.lines, cart.limits);
  const totals = estimate.data;

  return (
    <section className="page cart-page">
      <PageHeading>{_('cart.heading')}</PageHeading>
      {cart.error && <Alert tone="error">{_(cart.error)}</Alert>}
      {cart.status == 'loading' ? (
        <Skeleton lines={3} label={_('cart.loading')} />
      ) : cart.status == 'error' && !cart.lines.length ? (
        <Alert tone="error">
          {_('cart.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void cart.reload()}>
            {_('common.tryAgain')}
          </button>
        </Alert>
      ) : cart.lines.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{_('cart.empty')}</p>
          <p>
            <Rich id="cart.emptyHint" components={{ 0: <Link to="/" /> }} />
          </p>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.lines.map((line) => (
              <CartLineRow key={line.id} line={line} currency={currency} />
            ))}
          </ul>
          <div className="cart-summary">
            <CouponForm
              applied={cart.cart?.appliedDiscounts ?? []}
              stoppedApplying={totals?.calculationErrors.couponCalculationError?.applicationError.code}
              onApply={cart.applyCoupon}
              onRemove={cart.removeCoupon}
            />
            {totals ? (
              <Totals
                summary={totals.priceSummary}
                currency={totals.currency}
                taxIncluded={totals.cart.taxIncludedInPrices}
                code={totals.appliedDiscounts[0]?.coupon?.code}
                totalLabel={_('checkout.estimatedTotal')}
              />
            ) : (
              <Skeleton lines={2} label={_('cart.loading')} />
            )}
            <p className="muted">{_('cart.pricesConfirmed')}</p>
            {full && <p className="cart-limit">{_(`cart.limit.${full.reached}`, { max: full.max })}</p>}
            <button type="button" className="button button--primary button--wide" onClick={() => navigate('/checkout')}>
              {_('cart.checkout')}
            </button>
            {!isMember && <p className="muted">{_('cart.signInFirst')}</p>}
          </div>
        </>
      )}
    </section>
  );
}
