/**
 * Paying a placed order (docs/payments.md): the ways the shop offers (`GET /_api/vitrine/v1/payments/methods`),
 * starting a payment (`POST …/payments/start`, which answers the provider's page or an offline method's
 * instructions) and an order's payment as its confirmation page reads it (`GET …/payments/orders/{id}`). The amount
 * is never sent: the server pays the order's own total.
 */
import type { AuthFetch, EcomFetch } from '../../app/ecom-fetch.js';
import { getBase } from '../../app/router/index.js';
import type { Order } from '../../app/ecom-types.js';
import { readJson } from '@vitrine/react';
import { addToCart } from '../cart/cart-api.js';
import { applyCoupon } from '../cart/cart-extras.js';

const PAYMENTS = '/_api/vitrine/v1/payments';

/** One way to pay: an online provider ('stripe', 'dev') or an offline method of the owner's (with its words). */
export interface PayWay {
  provider: string;
  method?: string;
  name?: string;
  instructions?: string;
}

export const payWayKey = (w: PayWay) => `${w.provider}:${w.method ?? ''}`;
export const isOnline = (w: PayWay | undefined) => !!w && w.provider != 'offline';

interface Methods {
  providers: string[];
  offline: { id: string; name: string; instructions?: string }[];
}

/** What the shop offers, online providers first (Stripe before the dev provider). */
export async function fetchPayWays(authFetch: AuthFetch): Promise<PayWay[]> {
  const methods = await readJson<Methods>(await authFetch(`${PAYMENTS}/methods`));
  const online = ['stripe', 'dev'].filter((p) => methods.providers.includes(p)).map((provider) => ({ provider }));
  const offline = methods.providers.includes('offline')
    ? methods.offline.map((m) => ({
        provider: 'offline',
        method: m.id,
        name: m.name,
        ...(m.instructions ? { instructions: m.instructions } : {}),
      }))
    : [];
  return [...online, ...offline];
}

export type PaymentStep =
  { type: 'redirect'; url: string } | { type: 'instructions'; name: string; instructions: string };

/** The storefront's own addresses the provider sends the shopper back to (under the client's allowed origins). */
export function paymentUrls(orderId: string) {
  const here = `${window.location.origin}${getBase()}`;
  const id = encodeURIComponent(orderId);
  return { returnUrl: `${here}/checkout/confirmation/${id}`, cancelUrl: `${here}/checkout?order=${id}` };
}

export async function startPayment(ecom: EcomFetch, orderId: string, way: PayWay): Promise<PaymentStep> {
  const body = {
    orderId,
    provider: way.provider,
    ...(way.method ? { method: way.method } : {}),
    ...paymentUrls(orderId),
  };
  return (await ecom<{ step: PaymentStep }>('POST', `${PAYMENTS}/start`, body)).step;
}

export interface OrderPayment {
  orderId: string;
  /** NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED or DECLINED. */
  paymentStatus: string;
  payments: { id: string; provider: string; method: string | null; status: string; amount: number; currency: string }[];
  instructions: { type: 'instructions'; name: string; instructions: string } | null;
}

export async function fetchOrderPayment(ecom: EcomFetch, orderId: string): Promise<OrderPayment> {
  return ecom<OrderPayment>('GET', `${PAYMENTS}/orders/${encodeURIComponent(orderId)}`);
}

/**
 * A declined payment cancels its order (its stock comes back) and placing it emptied the cart: the order's lines
 * (and its code) go back into the cart, as far as stock still allows, so the shopper can check out again.
 */
export async function refillCart(ecom: EcomFetch, order: Order): Promise<void> {
  for (const line of order.lineItems) {
    const { catalogItemId, options } = line.catalogReference;
    await addToCart(ecom, {
      productId: catalogItemId,
      ...(options?.variantId ? { variantId: options.variantId } : {}),
      quantity: line.quantity,
    }).catch(() => undefined);
  }
  const code = order.appliedDiscounts[0]?.coupon?.code;
  if (code) await applyCoupon(ecom, code).catch(() => undefined);
}
