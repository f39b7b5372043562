import { useLingui } from '@lingui/react';
import type { Checkout, LineItem } from '../../app/ecom-types.js';
import { lineName } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useCart } from '../cart/cart-context.js';
import { CouponForm } from '../cart/CouponForm.js';
import { LineChoices } from '../cart/LineChoices.js';
import { Totals } from '../cart/Totals.js';

/** Beside the checkout form: the items with their variants, the discount code and the checkout's totals. */
export function CheckoutAside({
  lines,
  checkout,
  failed = false,
}: {
  lines: LineItem[];
  checkout: Checkout | undefined;
  /** The checkout could not be priced: the form says so (with Try again); no placeholder waits here meanwhile. */
  failed?: boolean;
}) {
  const { _ } = useLingui();
  const cart = useCart();
  const currency = checkout?.currency ?? cart.cart?.currency ?? '';
  return (
    <aside aria-labelledby="checkout-items" className="checkout-aside">
      <h2 id="checkout-items">{_('checkout.items')}</h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span>
              <bdi>{_('checkout.line', { title: lineName(line), quantity: line.quantity })}</bdi>
              <LineChoices line={line} />
            </span>
            {line.lineItemPrice && <Price amount={line.lineItemPrice.amount} currency={currency} />}
          </li>
        ))}
      </ul>
      <CouponForm
        applied={cart.cart?.appliedDiscounts ?? []}
        stoppedApplying={checkout?.calculationErrors.couponCalculationError?.applicationError.code}
        onApply={cart.applyCoupon}
        onRemove={cart.removeCoupon}
      />
      {checkout ? (
        <Totals
          summary={checkout.priceSummary}
          currency={checkout.currency}
          taxIncluded={checkout.taxIncludedInPrice}
          code={checkout.appliedDiscounts[0]?.coupon?.code}
          delivery={checkout.shippingInfo.selectedCarrierServiceOption?.title}
          totalLabel={_('checkout.estimatedTotal')}
        />
      ) : (
        !failed && <Skeleton lines={2} />
      )}
    </aside>
  );
}
