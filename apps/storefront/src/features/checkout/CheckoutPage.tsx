import { useLingui } from '@lingui/react';
import { useInvalidate, useMember, useQuery, useSession, useVitrine } from '@vitrine/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { Rich } from '../../i18n/Rich.js';
import { isolate } from '../../i18n/isolate.js';
import { authPageLink } from '../auth/return-to.js';
import { useCart } from '../cart/cart-context.js';
import { useCartProducts } from '../cart/CartPage.js';
import { formatAddress, type OrderAddress } from '../orders/order-types.js';
import { AddressFields } from './AddressFields.js';
import { fetchQuote, fetchShippingCountries, placeOrder } from './checkout-api.js';
import { checkoutErrorMessage } from './checkout-errors.js';
import { DeliveryOptions } from './DeliveryOptions.js';
import { ReviewStep } from './ReviewStep.js';
import './checkout.css';

/**
 * `/checkout`, for members and guests alike: contact (a guest's email, or the member's), the delivery
 * address (typed, or one saved in the member's profile; a typed one may be saved there), the delivery method
 * for that country, then a review step with the server's prices before "Place order".
 */
export function CheckoutPage() {
  const { _, i18n } = useLingui();
  const cart = useCart();
  const { isMember } = useSession();
  const member = useMember();
  const { authFetch } = useVitrine();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const location = useLocation();
  const products = useCartProducts(cart.lines.map((l) => l.productId));
  const saved = isMember ? (member.data?.profile.addresses ?? []) : [];
  const [step, setStep] = useState<'details' | 'review'>('details');
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState<number | 'new' | undefined>();
  const [typed, setTyped] = useState<OrderAddress>({});
  const [saveAddress, setSaveAddress] = useState(false);
  const [method, setMethod] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  // A member's SHIPPING address first, else their first one; "new" when they have none.
  const preferred = Math.max(
    0,
    saved.findIndex((a) => a.tag == 'SHIPPING'),
  );
  const chosen = choice ?? (saved.length ? preferred : 'new');
  const address: OrderAddress = chosen == 'new' ? typed : { ...(saved[chosen]?.address ?? {}) };
  const country = address.country?.toUpperCase() || undefined;
  const contact = isMember ? (member.data?.loginEmail ?? '') : email;

  const countries = useQuery(['shipping-countries'], () => fetchShippingCountries(authFetch), { shared: true });
  // Shops without delivery methods list no countries: the address then takes a typed country code.
  const delivers = !!countries.data?.length;
  const quote = useQuery(
    ['checkout-quote', country ?? '', cart.count, cart.lines.length],
    () => fetchQuote(authFetch, country),
    { enabled: cart.lines.length > 0, keepPreviousData: true },
  );
  const options = country ? quote.data?.shippingOptions : undefined;
  const option = options?.find((o) => o.id == method);
  // A method the new country does not offer is dropped; a single one is chosen for the shopper.
  useEffect(() => {
    if (!options) return;
    if (method && !options.some((o) => o.id == method)) setMethod(undefined);
    else if (!method && options.length == 1) setMethod(options[0]!.id);
  }, [options, method]);

  const subtotal = cart.lines.reduce((sum, l) => sum + (products.byId.get(l.productId)?.price ?? 0) * l.quantity, 0);

  const review = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setStep('review');
  };

  const place = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (isMember && chosen == 'new' && saveAddress) {
        const { name: _name, ...kept } = typed;
        const addresses = [...saved, { tag: 'SHIPPING' as const, address: kept }];
        await member.update({ profile: { addresses } }).catch(() => undefined);
      }
      const { order, orderToken } = await placeOrder(authFetch, {
        ...(isMember ? {} : { email: email.trim() }),
        shippingAddress: { ...address, ...(country ? { country } : {}) },
        ...(method ? { shippingMethod: method } : {}),
        language: i18n.locale,
      });
      await Promise.all([
        cart.reload().catch(() => undefined),
        invalidate(['orders']),
        invalidate(['product'], { shared: true }),
        invalidate(['catalog'], { shared: true }),
      ]);
      navigate(`/checkout/confirmation/${encodeURIComponent(order._id)}`, {
        state: { order, orderToken, email: contact },
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
  if (cart.lines.length == 0)
    return (
      <section className="page checkout-page">
        <PageHeading>{_('checkout.heading')}</PageHeading>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="empty-state">
          <p className="empty-state__title">{_('cart.empty')}</p>
          <p>
            <Link to="/">{_('common.browseCatalog')}</Link>
          </p>
        </div>
      </section>
    );

  return (
    <section className="page checkout-page">
      <PageHeading>{_('checkout.heading')}</PageHeading>
      {error && <Alert tone="error">{error}</Alert>}
      <div className={step == 'review' ? 'checkout-layout checkout-layout--review' : 'checkout-layout'}>
        {step == 'review' && quote.data ? (
          <ReviewStep
            quote={quote.data}
            shipping={option}
            email={contact}
            address={address}
            busy={busy}
            onEdit={() => setStep('details')}
            onPlace={() => void place()}
          />
        ) : (
          <form className="form checkout-form" onSubmit={review}>
            <fieldset>
              <legend>{_('checkout.contact')}</legend>
              {isMember ? (
                <p>{_('checkout.signedInAs', { email: isolate(contact) })}</p>
              ) : (
                <>
                  <Field
                    label={_('checkout.email')}
                    type="email"
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
                          <bdi>{formatAddress(a.address) || _('checkout.emptyAddress')}</bdi>
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
                  <AddressFields value={typed} countries={countries.data ?? []} onChange={setTyped} />
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
                loading={quote.fetching}
                chosen={method}
                onChoose={setMethod}
              />
            )}
            {quote.status == 'error' && <Alert tone="error">{checkoutErrorMessage(quote.error)}</Alert>}
            <button
              type="submit"
              className="button button--primary button--wide"
              disabled={!quote.data || (delivers && !option)}
            >
              {_('checkout.review')}
            </button>
          </form>
        )}
        {step == 'details' && (
          <aside aria-labelledby="checkout-items" className="checkout-aside">
            <h2 id="checkout-items">{_('checkout.items')}</h2>
            <ul className="checkout-lines">
              {cart.lines.map((line) => {
                const product = products.byId.get(line.productId);
                return (
                  <li key={line._id}>
                    <bdi>
                      {_('checkout.line', { title: product?.title ?? _('common.loading'), quantity: line.quantity })}
                    </bdi>
                    <Price amount={(product?.price ?? 0) * line.quantity} />
                  </li>
                );
              })}
            </ul>
            <p className="checkout-total">
              {_('checkout.subtotal')} <Price amount={subtotal} className="price price--strong" />
            </p>
          </aside>
        )}
      </div>
    </section>
  );
}
