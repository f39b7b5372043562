/**
 * The commerce module's face (docs/commerce.md): other folders import the module only through this file. The
 * module owns the `commerce_*` tables (migration 90); nothing outside `commerce/` reads or writes them.
 */

// Money in minor units, the site's currency and tax settings.
export { currencyDigits, formatMoney, isKnownCurrency, toDecimalString, toMinor } from './money.js';
export { commerceSettings, DEFAULT_CURRENCY, type CommerceSettings, type TaxRate } from './settings.js';

// The catalog.
export type { Collection, MediaItem, Product, ProductOption, Variant } from './catalog/types.js';

// Limits, pricing, carts, checkouts and orders (docs/commerce.md → Carts, Checkouts, Orders).
export { DEFAULT_SHOP_LIMITS, shopLimits, type ShopLimits } from './limits.js';
export { priceCart, type PricedCart, type PricingInput } from './pricing/totals.js';
export { quoteLines, type Quote } from './quote.js';
export { handOverToMember } from './sign-in.js';
export type { Cart, CartLine, CartOwner } from './carts/store.js';
export { createCheckoutFromCart, readCheckout, updateCheckout, type CheckoutAccess } from './checkouts/service.js';
export { placeOrder } from './orders/place.js';
export { changeOrderStatus } from './orders/status.js';
export { expireUnpaidOrders } from './orders/expiry.js';
export { ORDER_STATUSES, type OrderStatus } from './orders/state.js';
export type { Order, OrderLine } from './orders/store.js';
export { orderView } from './orders/view.js';
export { GUEST_ORDER_LINK_TTL_SECONDS, orderLinkSecret, readOrderLink, signOrderLink } from './orders/order-link.js';

// The plugins `src/app.ts` registers: the eCom wire and the admin API.
export { ecomRoutes } from './wix/ecom-routes.js';
export { commerceAdminRoutes } from './admin-routes.js';
