import { useLingui } from '@lingui/react';
import { Rich } from '../../i18n/Rich.js';
import { useQuery, useSession } from '@vitrine/react';
import { Link, useNavigate } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { fetchProductsByIds } from '../catalog/catalog-api.js';
import type { Product } from '../catalog/product-types.js';
import { useCart } from './cart-context.js';
import { cartFull } from './cart-limits.js';
import { CartLineRow } from './CartLineRow.js';

/** Products of the cart's lines, looked up in the catalog (prices always come from there). */
export function useCartProducts(productIds: string[]) {
  const client = useShopClient();
  const ids = [...new Set(productIds)].sort();
  const query = useQuery(['cart-products', ids], () => fetchProductsByIds(client, ids), {
    shared: true,
    enabled: ids.length > 0,
  });
  const byId = new Map<string, Product>((query.data ?? []).map((p) => [p._id, p]));
  return { byId, loading: ids.length > 0 && !query.data && query.status != 'error', error: query.status == 'error' };
}

export function CartPage() {
  const { _ } = useLingui();
  const cart = useCart();
  const { isMember } = useSession();
  const navigate = useNavigate();
  const products = useCartProducts(cart.lines.map((l) => l.productId));
  const subtotal = cart.lines.reduce(
    (sum, line) => sum + (products.byId.get(line.productId)?.price ?? 0) * line.quantity,
    0,
  );

  const checkout = () => navigate('/checkout');
  const full = cartFull(cart.lines, cart.limits);

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
              <CartLineRow
                // A line's id changes when its insert lands: keyed by its product (one line each, unless two
                // tabs raced), the row and a focused quantity button stay in place.
                key={cart.lines.filter((l) => l.productId == line.productId).length > 1 ? line._id : line.productId}
                line={line}
                product={products.byId.get(line.productId)}
                loading={products.loading}
              />
            ))}
          </ul>
          <div className="cart-summary">
            <p className="cart-summary__total">
              {_('cart.subtotal')} <Price amount={subtotal} />
            </p>
            <p className="muted">{_('cart.pricesConfirmed')}</p>
            {full && <p className="cart-limit">{_(`cart.limit.${full.reached}`, { max: full.max })}</p>}
            <button type="button" className="button button--primary button--wide" onClick={checkout}>
              {_('cart.checkout')}
            </button>
            {!isMember && <p className="muted">{_('cart.signInFirst')}</p>}
          </div>
        </>
      )}
    </section>
  );
}
