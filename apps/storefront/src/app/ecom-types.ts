/**
 * The eCom wire's shapes as the storefront reads them (docs/commerce.md → The eCom wire): carts, their totals,
 * checkouts and orders. Money is Wix's `MultiCurrencyPrice`: `amount` a decimal string of the currency the answer
 * names, priced by the server (the storefront never adds prices up).
 */
export interface WixPrice {
  amount: string;
  formattedAmount: string;
}

export interface DescriptionLine {
  name: { original: string; translated?: string };
  plainText?: { original: string; translated?: string };
  colorInfo?: { original: string; translated?: string; code?: string };
}

export interface LineItem {
  id: string;
  quantity: number;
  catalogReference: {
    catalogItemId: string;
    options?: { variantId?: string; options?: Record<string, string> };
  };
  productName: { original: string; translated?: string };
  url?: { relativePath: string; url: string };
  price: WixPrice;
  fullPrice?: WixPrice;
  lineItemPrice?: WixPrice;
  descriptionLines: DescriptionLine[];
  image?: { url: string; altText?: string };
  /** A checkout line's image. */
  media?: { url: string; altText?: string };
  availability?: {
    status: 'AVAILABLE' | 'PARTIALLY_AVAILABLE' | 'NOT_AVAILABLE' | 'NOT_FOUND';
    quantityAvailable?: number;
  };
  /** Checkouts and orders: the line's tax and discount. */
  taxDetails?: { taxRate?: string; totalTax: WixPrice };
  discount?: WixPrice;
  totalDiscount?: WixPrice;
  totalPriceAfterTax?: WixPrice;
}

export interface PriceSummary {
  subtotal: WixPrice;
  shipping?: WixPrice;
  tax: WixPrice;
  discount: WixPrice;
  total: WixPrice;
}

export interface AppliedDiscount {
  coupon?: { id?: string; code: string; amount?: WixPrice };
}

interface ApplicationErrorDetails {
  applicationError: { code: string; description?: string };
}

export interface CalculationErrors {
  couponCalculationError?: ApplicationErrorDetails;
  generalShippingCalculationError?: ApplicationErrorDetails;
}

export interface Cart {
  id: string;
  lineItems: LineItem[];
  subtotal: WixPrice;
  currency: string;
  appliedDiscounts: AppliedDiscount[];
  taxIncludedInPrices: boolean;
}

export interface CartEstimate {
  cart: Cart;
  priceSummary: PriceSummary;
  calculatedLineItems: { lineItemId: string; pricesBreakdown?: { taxDetails?: { totalTax: WixPrice } } }[];
  appliedDiscounts: AppliedDiscount[];
  calculationErrors: CalculationErrors;
  currency: string;
}

export interface WixAddress {
  address?: {
    country?: string;
    subdivision?: string;
    city?: string;
    postalCode?: string;
    addressLine1?: string;
    addressLine?: string;
    addressLine2?: string;
  };
  contactDetails?: { firstName?: string; lastName?: string; phone?: string };
}

export interface ShippingOffer {
  code: string;
  title: string;
  logistics?: { deliveryTime?: string };
  cost: { price: WixPrice };
}

export interface Checkout {
  id: string;
  lineItems: LineItem[];
  currency: string;
  priceSummary: PriceSummary;
  appliedDiscounts: AppliedDiscount[];
  calculationErrors: CalculationErrors;
  buyerInfo: { email?: string };
  taxIncludedInPrice: boolean;
  shippingInfo: {
    shippingDestination?: WixAddress;
    selectedCarrierServiceOption?: { code: string; title: string; cost: { price: WixPrice } };
    carrierServiceOptions: { shippingOptions: ShippingOffer[] }[];
  };
  completed: boolean;
}

export interface Order {
  id: string;
  /** `V-100042`. */
  number: string;
  createdDate: string;
  lineItems: LineItem[];
  buyerInfo: { email?: string; memberId?: string; visitorId?: string };
  /** `APPROVED` or `CANCELED`. */
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  currency: string;
  taxIncludedInPrices: boolean;
  priceSummary: PriceSummary;
  shippingInfo?: {
    code: string;
    title: string;
    logistics?: { shippingDestination?: WixAddress };
    cost: { price: WixPrice };
  };
  recipientInfo?: WixAddress;
  appliedDiscounts: AppliedDiscount[];
}

/** A line's name in the shopper's language. */
export const lineName = (line: Pick<LineItem, 'productName'>) =>
  line.productName.translated || line.productName.original;

/** A line's choices as "Size: Blanket, Colour: Sage". */
export const lineChoices = (line: Pick<LineItem, 'descriptionLines'>) =>
  line.descriptionLines
    .map((d) => {
      const value = d.colorInfo ?? d.plainText;
      return `${d.name.translated || d.name.original}: ${value?.translated || value?.original || ''}`;
    })
    .join(', ');

/** The module's product (and variant) of a line. */
export const lineProduct = (line: Pick<LineItem, 'catalogReference'>) => ({
  productId: line.catalogReference.catalogItemId,
  variantId: line.catalogReference.options?.variantId,
});

/** A non-zero amount. */
export const nonZero = (price: WixPrice | undefined): price is WixPrice => !!price && Number(price.amount) != 0;

/**
 * A line's picture; the server's own (`/assets/…`, `/_media/…`) as a path, as the catalog shows them: the wire
 * makes it absolute with the server's public address, which the line's product page address also starts with.
 */
export function lineImage(line: Pick<LineItem, 'image' | 'media' | 'url'>): string | undefined {
  const src = (line.image ?? line.media)?.url;
  const base = line.url ? line.url.url.slice(0, line.url.url.length - line.url.relativePath.length) : undefined;
  return src && base && src.startsWith(`${base}/`) ? src.slice(base.length) : src;
}
