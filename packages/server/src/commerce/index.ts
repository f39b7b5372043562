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
// A member's orders for the account pages (sign-in/account/orders.ts) and the data download (member-admin/).
export { memberOrders } from './orders/search.js';
export { lineTitle } from './orders/confirmation-mail.js';
export { GUEST_ORDER_LINK_TTL_SECONDS, orderLinkSecret, readOrderLink, signOrderLink } from './orders/order-link.js';

// Payments and refunds (docs/payments.md): providers, the shopper's start, webhooks, the dev page, the admin API.
export { paymentRoutes } from './payments/routes.js';
export { PAYMENT_STATUSES, type PaymentStatus } from './orders/state.js';

// The plugins `src/app.ts` registers: the eCom wire and the admin API.
export { ecomRoutes } from './wix/ecom-routes.js';
export { vitrineCommerceRoutes } from './vitrine/routes.js';
export { commerceAdminRoutes } from './admin-routes.js';
export { choicesFromWire, wireChoices } from './catalog/choices.js';
export { ALL_PRODUCTS_COLLECTION_ID, choiceId, optionId } from './catalog/ids.js';
export { STORES_APP_IDS } from './catalog/recommend.js';
export { loadProduct, loadProducts } from './catalog/store.js';
// The console's setup checklist (admin/setup-checklist.ts).
export { countProducts } from './catalog/store.js';
export { DEFAULT_VARIANT_ID, inventoryStatus, variantInStock } from './catalog/types.js';
export { variantByChoices } from './catalog/variants.js';
export { seedDemoShops } from './catalog/demo-seed.js';
// The storefront's sitemap (storefront/seo-routes.ts): visible products in keyset pages, the categories.
export {
  categorySlugs,
  decodePosition as decodeSitemapPosition,
  productFileStarts,
  visibleProductPages,
} from './catalog/sitemap.js';

// The Wix Stores wire (docs/commerce.md#the-stores-wire) and the catalog's admin API.
export { storesV1Routes } from './wix/stores-v1.js';
export { STORES_PRODUCTS, storesProductsCollection } from './wix/stores-products-collection.js';
export { storesV3Routes } from './wix/stores-v3.js';
export { recommendationRoutes } from './wix/recommendations.js';
export { catalogAdminRoutes } from './admin/catalog-routes.js';
// Shapes other wires reuse (eCom line items show the product's price, media and choices as catalog v1 does).
export { mediaItemV1, priceData, productV1 } from './wix/v1-shapes.js';
export { absoluteUrl } from './wix/product-view.js';
export { StoresNotFound } from './wix/not-found.js';
export { catalogReader, readInput, type CatalogReader } from './wix/reader.js';

// The hosted checkout page of `ecomCheckout` redirect sessions (docs/payments.md → The hosted checkout).
export { createCheckoutPage } from './hosted-checkout/session.js';
