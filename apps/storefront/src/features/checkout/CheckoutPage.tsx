import { useLingui } from '@lingui/react';
import { useInvalidate, useMember, useQuery, useSession, useVitrine } from '@vitrine/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../app/router/index.js';
import type { Checkout } from '../../app/ecom-types.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LoadFailed } from '../../components/LoadFailed.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { Skeleton } from '../../components/Skeleton.js';
import { Rich } from '../../i18n/Rich.js';
import { isolate } from '../../i18n/isolate.js';
import { authPageLink } from '../auth/return-to.js';
import { useCart } from '../cart/cart-context.js';
import { useEcom } from '../cart/use-ecom.js';
import { AddressText } from '../orders/AddressText.js';
import { addressParts, type Order, type OrderAddress } from '../orders/order-types.js';
import { AddressFields } from './AddressFields.js';
import { AwaitingOrder } from './AwaitingOrder.js';
import {
  createCheckout,
  deliveryOffers,
  fetchPlacedOrder,
  fetchShipping,
  fromWixAddress,
  placeOrder,
  updateCheckout,
} from './checkout-api.js';
import { CheckoutAside } from './CheckoutAside.js';
import { checkoutErrorMessage } from './checkout-errors.js';
import { DeliveryOptions } from './DeliveryOptions.js';
import { useLastOrder } from './last-order.js';
import { fetchPayWays, startPayment, type PayWay } from './payments-api.js';
import { PaymentReturn } from './PaymentReturn.js';
import { ReviewStep } from './ReviewStep.js';
import { useFormCheck, useRevealed } from './use-form-check.js';
import './checkout.css';

/**
 * `/checkout`, for members and guests alike: contact (a guest's email, or the member's), the delivery
 * address (typed, or one saved in the member's profile; a typed one may be saved there), the delivery method
 * for that country, then a review step with the server's prices (tax, discount, delivery) and the way to pay before
 * "Pay $43.50" (or "Place order" for an offline method). The cart becomes an eCom checkout, which the server prices
 * on every change and places as the order; the order's payment then starts (payments-api.ts) and the shopper goes
 * to the provider's page, or to the confirmation with an offline method's instructions.
 */
export function CheckoutPage() {
  return <PaymentReturn>{(notice, declined) => <CheckoutSteps notice={notice} declined={declined} />}</PaymentReturn>;
}

function CheckoutSteps({ notice, declined }: { notice?: string | undefined; declined?: Order | undefined }) {
  const { _ } = useLingui();
  const cart = useCart();
  const ecom = useEcom();
  const { isMember } = useSession();
  const member = useMember();
  const { authFetch, navigate: leave } = useVitrine();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const location = useLocation();
  const saved = isMember ? (member.data?.profile.addresses ?? []) : [];
  const [step, setStep] = useState<'details' | 'review'>('details');
  // Back from a declined payment: the form as the shopper filled it for that order.
  const again =
    declined && fromWixAddress(declined.shippingInfo?.logistics?.shippingDestination ?? declined.recipientInfo);
  const [email, setEmail] = useState(declined?.buyerInfo.email ?? '');
  const [choice, setChoice] = useState<number | 'new' | undefined>(again ? 'new' : undefined);
  const [typed, setTyped] = useState<OrderAddress>(again || {});
  const [saveAddress, setSaveAddress] = useState(false);
  const [method, setMethod] = useState<string | undefined>(declined?.shippingInfo?.code);
  const [reviewed, setReviewed] = useState<Checkout>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(notice);
  const ways = useQuery(['pay-ways'], () => fetchPayWays(authFetch), { shared: true });
  const [pickedWay, setWay] = useState<PayWay>();
  const way = pickedWay ?? ways.data?.[0];
  const check = useFormCheck();
  const lastOrder = useLastOrder();
  const errorBox = useRevealed<HTMLDivElement>(error);

  // A member's SHIPPING address first, else their first one; "new" when they have none.
  const preferred = Math.max(
    0,
    saved.findIndex((a) => a.tag == 'SHIPPING'),
  );
  const chosen = choice ?? (saved.length ? preferred : 'new');
  const address: OrderAddress = chosen == 'new' ? typed : { ...(saved[chosen]?.address ?? {}) };
  const country = address.country?.toUpperCase() || undefined;
  const contact = isMember ? (member.data?.loginEmail ?? '') : email;

  const shipping = useQuery(['shipping-methods'], () => fetchShipping(authFetch), { shared: true });
  // Shops without delivery methods list no countries: the address then takes a typed country code.
  const delivers = !!shipping.data?.countries.length;
  // The cart as a checkout: made again whenever the cart changes (the server refreshes its open checkout).
  const cartShape =
    cart.lines.map((l) => `${l.id}:${l.quantity}`).join() + `|${cart.cart?.appliedDiscounts[0]?.coupon?.code ?? ''}`;
  const checkoutId = useQuery(['checkout-id', cartShape], () => createCheckout(ecom), {
    enabled: cart.lines.length > 0 && step == 'details',
  });
  // Priced for the country and method chosen: its delivery offers, tax and total.
  const priced = useQuery(
    ['checkout', checkoutId.data ?? '', country ?? '', method ?? ''],
    () => updateCheckout(ecom, checkoutId.data!, { address: country ? { country } : {}, method }),
    { enabled: !!checkoutId.data && step == 'details', keepPreviousData: true },
  );
  const options = country ? deliveryOffers(priced.data) : undefined;
  const option = options?.find((o) => o.code == method);
  // A method the new country does not offer is dropped; a single one is chosen for the shopper.
  useEffect(() => {
    if (!options || !priced.data || priced.fetching) return; // not before the country's offers are known
    if (method && !options.some((o) => o.code == method)) setMethod(undefined);
    else if (!method && options.length == 1) setMethod(options[0]!.code);
  }, [options, method, priced.data, priced.fetching]);

  const review = async (e: FormEvent) => {
    e.preventDefault();
    if (!checkoutId.data) return;
    setError(undefined);
    setBusy(true);
    try {
      const checkout = await updateCheckout(ecom, checkoutId.data, {
        ...(isMember ? {} : { email: email.trim() }),
        address: { ...address, ...(country ? { country } : {}) },
        method,
      });
      setReviewed(checkout);
      setStep('review');
    } catch (cause) {
      setError(checkoutErrorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const place = async () => {
    if (!reviewed) return;
    setBusy(true);
    setError(undefined);
    try {
      if (isMember && chosen == 'new' && saveAddress) {
        const { name: _name, ...kept } = typed;
        const addresses = [...saved, { tag: 'SHIPPING' as const, address: kept }];
        await member.update({ profile: { addresses } }).catch(() => undefined);
      }
      const orderId = await placeOrder(ecom, reviewed.id);
      lastOrder.set(orderId); // named by an empty checkout while it awaits payment (AwaitingOrder)
      cart.ordered(); // asking would be answered 404: an order deletes its cart
      await Promise.all([
        invalidate(['orders']),
        invalidate(['product'], { shared: true }),
        invalidate(['catalog'], { shared: true }),
      ]);
      // The order is placed: a payment that cannot start is retried from the checkout's return view.
      const step = way ? await startPayment(ecom, orderId, way).catch(() => null) : undefined;
      if (step === null) return navigate(`/checkout?order=${encodeURIComponent(orderId)}`, { replace: true });
      if (step?.type == 'redirect') return leave(step.url);
      const order = await fetchPlacedOrder(ecom, orderId).catch(() => undefined);
      navigate(`/checkout/confirmation/${encodeURIComponent(orderId)}`, {
        state: { order, email: contact },
        replace: true,
      });
    } catch (e) {
      setError(checkoutErrorMessage(e));
      setStep('details');
      await cart.reload().catch(() => undefined);
      setBusy(false);
    }
  };

  if (cart.status == 'loading') return <Skeleton lines={4} label={_('cart.loading')} />;
  // A cart that could not be read is not an empty one.
  if (cart.status == 'error' && cart.lines.length == 0)
    return (
      <LoadFailedPage
        heading={_('checkout.heading')}
        message={_('cart.loadFailed')}
        onRetry={() => void cart.reload()}
      />
    );
  if (cart.lines.length == 0)
    return (
      <section className="page checkout-page">
        <PageHeading>{_('checkout.heading')}</PageHeading>
        {error && <Alert tone="error">{error}</Alert>}
        <AwaitingOrder />
        <div className="empty-state">
          <p className="empty-state__title">{_('cart.empty')}</p>
          <p>
            <Link to="/">{_('common.browseCatalog')}</Link>
          </p>
        </div>
      </section>
    );

  const failed = checkoutId.status == 'error' ? checkoutId.error : priced.status == 'error' ? priced.error : undefined;
  return (
    <section className="page checkout-page">
      <PageHeading>{_('checkout.heading')}</PageHeading>
      {error && (
        <div ref={errorBox} tabIndex={-1} className="checkout-notice">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className={step == 'review' ? 'checkout-layout checkout-layout--review' : 'checkout-layout'}>
        {step == 'review' && reviewed ? (
          <ReviewStep
            checkout={reviewed}
            email={contact}
            address={address}
            ways={ways.status == 'error' ? [] : ways.data}
            way={way}
            onChooseWay={setWay}
            busy={busy}
            onEdit={() => setStep('details')}
            onPlace={() => void place()}
          />
        ) : (
          <form className="form checkout-form" onSubmit={(e) => void review(e)} {...check.form}>
            <fieldset>
              <legend>{_('checkout.contact')}</legend>
              {isMember ? (
                <p>{_('checkout.signedInAs', { email: isolate(contact) })}</p>
              ) : (
                <>
                  <Field
                    label={_('checkout.email')}
                    type="email"
                    name="email"
                    error={check.errors.email}
                    autoComplete="email"
                    required
                    dir="auto"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    hint={_('checkout.emailHint')}
                  />
                  <p className="muted">
                    <Rich
                      id="checkout.haveAccount"
                      components={{ 0: <Link to={authPageLink('/sign-in', location)} /> }}
                    />
                  </p>
                </>
              )}
            </fieldset>
            <fieldset>
              <legend>{_('checkout.shippingAddress')}</legend>
              {isMember && member.status == 'loading' && !member.data ? (
                <Skeleton lines={2} label={_('checkout.loadingAddresses')} />
              ) : (
                saved.length > 0 && (
                  <div className="address-choices">
                    {saved.map((a, i) => (
                      <label key={i} className="radio">
                        <input type="radio" name="address" checked={chosen == i} onChange={() => setChoice(i)} />
                        <span>
                          <strong>{_(`address.tag.${a.tag}`)}</strong> —{' '}
                          {addressParts(a.address).length ? (
                            <AddressText address={a.address} />
                          ) : (
                            _('checkout.emptyAddress')
                          )}
                        </span>
                      </label>
                    ))}
                    <label className="radio">
                      <input type="radio" name="address" checked={chosen == 'new'} onChange={() => setChoice('new')} />
                      <span>{_('checkout.otherAddress')}</span>
                    </label>
                  </div>
                )
              )}
              {chosen == 'new' && (
                <>
                  <AddressFields
                    value={typed}
                    countries={shipping.data?.countries ?? []}
                    onChange={setTyped}
                    errors={check.errors}
                  />
                  {isMember && (
                    <label className="checkbox">
                      <input type="checkbox" checked={saveAddress} onChange={(e) => setSaveAddress(e.target.checked)} />
                      <span>{_('checkout.saveAddress')}</span>
                    </label>
                  )}
                </>
              )}
            </fieldset>
            {delivers && (
              <DeliveryOptions
                country={country}
                options={options}
                currency={priced.data?.currency ?? ''}
                loading={priced.fetching}
                freeAbove={shipping.data?.freeAbove}
                chosen={method}
                onChoose={setMethod}
              />
            )}
            {failed !== undefined && (
              <LoadFailed
                message={checkoutErrorMessage(failed)}
                onRetry={() => void (checkoutId.status == 'error' ? checkoutId.refetch() : priced.refetch())}
              />
            )}
            <button
              type="submit"
              className="button button--primary button--wide"
              disabled={!priced.data || (delivers && !option) || busy}
              onClick={check.start}
            >
              {_('checkout.review')}
            </button>
          </form>
        )}
        {step == 'details' && <CheckoutAside lines={cart.lines} checkout={priced.data} failed={failed !== undefined} />}
      </div>
    </section>
  );
}
