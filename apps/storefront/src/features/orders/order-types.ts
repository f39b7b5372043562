/**
 * Orders as the eCom wire sends them (`GET /ecom/v1/orders/{id}`, app/ecom-types.ts), and the delivery address
 * as the storefront's forms and the member's saved addresses hold it.
 */
import type { Order } from '../../app/ecom-types.js';

export type { Order };

export interface OrderAddress {
  /** Who receives the parcel (entered at checkout). */
  name?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

/**
 * The order's state in the words of the storefront's catalog (`order.statusValue`), from Wix's three fields
 * (docs/commerce.md → The eCom wire: APPROVED + NOT_PAID is awaiting payment, FULFILLED is handed to the carrier).
 */
export function orderStatus(order: Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>): string {
  if (order.status == 'CANCELED') return 'CANCELED';
  if (order.fulfillmentStatus == 'FULFILLED') return 'SHIPPED';
  if (order.paymentStatus == 'PAID') return 'PAID';
  return 'AWAITING_PAYMENT';
}

export const itemCount = (order: Pick<Order, 'lineItems'>) => order.lineItems.reduce((n, l) => n + l.quantity, 0);

/** The address's parts in reading order: who, street, postal code and city, region, country (its code). */
export const addressParts = (a: OrderAddress): string[] =>
  [a.name, a.addressLine, a.addressLine2, [a.postalCode, a.city].filter(Boolean).join(' '), a.subdivision, a.country]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean);
