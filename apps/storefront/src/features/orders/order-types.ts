/** An order as the shop API returns it (`/_api/vitrine/v1/orders`). Prices are set by the server. */
export interface OrderLine {
  productId: string;
  title: string;
  slug?: string;
  image?: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

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

export interface Order {
  _id: string;
  /** Human order number, e.g. `V-100042`. */
  number: string;
  status: string;
  createdDate: string;
  lines: OrderLine[];
  itemCount: number;
  subtotal: number;
  total: number;
  currency: string;
  shippingAddress?: OrderAddress | null;
  /** Set once the shop has shipped the order. */
  carrier?: string;
  trackingNumber?: string;
  /** The delivery chosen at checkout, priced by the server; null for shops without delivery methods. */
  shippingMethod?: { methodId: string; name: string; country: string; amount: number } | null;
  shippingTotal?: number;
  /** The contact address of a guest order. */
  guestEmail?: string | null;
}

export const formatAddress = (a: OrderAddress | null | undefined): string =>
  a
    ? [
        a.name,
        a.addressLine,
        a.addressLine2,
        [a.postalCode, a.city].filter(Boolean).join(' '),
        a.subdivision,
        a.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
