/**
 * The commerce module's application codes (commerce/, docs/commerce.md), part of the one catalogue: `ERRORS` in
 * catalogue.ts spreads them in, so throw sites still call `appError('NAME')`. Kept apart so the catalogue stays
 * one screenful per concern; the rules of catalogue.ts hold here (never change a shipped code or status).
 */
export const COMMERCE_ERRORS = {
  // The commerce module (commerce/, docs/commerce.md).
  INVALID_PRODUCT: { code: 'INVALID_PRODUCT', status: 400, text: 'The product is not valid' },
  CART_EMPTY: { code: 'CART_EMPTY', status: 409, text: 'The cart is empty' },
  INVALID_CART: { code: 'INVALID_CART', status: 409, text: 'The cart is not valid' },
  PRODUCT_UNAVAILABLE: { code: 'PRODUCT_UNAVAILABLE', status: 409, text: 'A product in the cart is no longer sold.' },
  OUT_OF_STOCK: { code: 'OUT_OF_STOCK', status: 409, text: 'A product in the cart is sold out.' },
  ORDER_TRANSITION_REFUSED: {
    code: 'ORDER_TRANSITION_REFUSED',
    status: 409,
    text: 'The order cannot move to that status from the one it has',
  },
  // The eCom wire's carts, checkouts and coupons (commerce/carts, checkouts, discounts): Wix's own codes.
  OWNED_CART_NOT_FOUND: { code: 'OWNED_CART_NOT_FOUND', status: 404, text: 'The caller has no cart' },
  CHECKOUT_NOT_FOUND: { code: 'CHECKOUT_NOT_FOUND', status: 404, text: 'No such checkout' },
  CHECKOUT_IS_COMPLETE: {
    code: 'CHECKOUT_IS_COMPLETE',
    status: 409,
    text: 'This checkout has already become an order',
  },
  COUPON_NOT_FOUND: { code: 'ERROR_COUPON_DOES_NOT_EXIST', status: 400, text: 'There is no such discount code' },
  COUPON_NOT_ACTIVE_YET: {
    code: 'ERROR_COUPON_IS_NOT_ACTIVE_YET',
    status: 400,
    text: 'This discount code is not valid yet',
  },
  COUPON_EXPIRED: { code: 'ERROR_COUPON_HAS_EXPIRED', status: 400, text: 'This discount code has expired' },
  COUPON_USAGE_EXCEEDED: {
    code: 'ERROR_COUPON_USAGE_EXCEEDED',
    status: 400,
    text: 'This discount code has been used as many times as it may be',
  },
  // Vitrine's own: Wix has no coupon error for a minimum subtotal.
  COUPON_MINIMUM_NOT_REACHED: {
    code: 'COUPON_MINIMUM_NOT_REACHED',
    status: 400,
    text: 'The cart does not reach the minimum subtotal of this discount code',
  },
  // The discount codes admin API (commerce/discounts/admin-routes.ts).
  DISCOUNT_NOT_FOUND: { code: 'DISCOUNT_NOT_FOUND', status: 404, text: 'No such discount code' },
  DISCOUNT_CODE_EXISTS: { code: 'DISCOUNT_CODE_EXISTS', status: 409, text: 'Another discount has this code' },

  // The catalog on the Wix Stores wire (commerce/wix/, docs/commerce.md#the-stores-wire). The three NOT_FOUND codes
  // travel beside Wix's bare 404 envelope (commerce/wix/not-found.ts), which the clients read as code 404.
  UNSUPPORTED_QUERY: {
    code: 'UNSUPPORTED_QUERY',
    status: 400,
    text: 'The query uses a field, operator or option the catalog does not support',
  },
  PRODUCT_NOT_FOUND: { code: 'PRODUCT_NOT_FOUND', status: 404, text: 'Product not found' },
  VARIANT_NOT_FOUND: { code: 'VARIANT_NOT_FOUND', status: 404, text: 'Variant not found' },
  STORE_COLLECTION_NOT_FOUND: { code: 'STORE_COLLECTION_NOT_FOUND', status: 404, text: 'Collection not found' },
  ITEM_APP_ID_NOT_SUPPORTED: {
    code: 'ITEM_APP_ID_NOT_SUPPORTED',
    status: 400,
    text: 'Recommendations are given for Wix Stores products only',
  },
  ALGORITHM_NOT_SUPPORTED: {
    code: 'ALGORITHM_NOT_SUPPORTED',
    status: 400,
    text: 'None of the algorithms is provided by Wix Stores',
  },
  PRODUCT_SLUG_TAKEN: { code: 'PRODUCT_SLUG_TAKEN', status: 409, text: 'Another product has this slug' },
  COLLECTION_SLUG_TAKEN: { code: 'COLLECTION_SLUG_TAKEN', status: 409, text: 'Another collection has this slug' },
} as const satisfies Record<string, { code: string; status: number; text: string }>;
