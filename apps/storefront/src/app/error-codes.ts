/**
 * Server application codes (`error.code`) the storefront matches, named as in the server's error catalogue
 * (packages/server/src/errors/catalogue.ts) and checked against it at compile time (type-only import:
 * nothing of the server is bundled).
 */
import type { WireCode } from '@vitrine/server/errors';

// Account changes.
export const WRONG_PASSWORD = '-19976' satisfies WireCode<'WRONG_PASSWORD'>;
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED' satisfies WireCode<'REAUTHENTICATION_REQUIRED'>;
export const LAST_SIGN_IN_METHOD = 'LAST_SIGN_IN_METHOD' satisfies WireCode<'LAST_SIGN_IN_METHOD'>;

// Checkout.
export const OUT_OF_STOCK = 'OUT_OF_STOCK' satisfies WireCode<'OUT_OF_STOCK'>;
export const CART_EMPTY = 'CART_EMPTY' satisfies WireCode<'CART_EMPTY'>;
export const INVALID_CART = 'INVALID_CART' satisfies WireCode<'INVALID_CART'>;
export const PRODUCT_UNAVAILABLE = 'PRODUCT_UNAVAILABLE' satisfies WireCode<'PRODUCT_UNAVAILABLE'>;
export const SHIPPING_COUNTRY_UNSUPPORTED =
  'SHIPPING_COUNTRY_UNSUPPORTED' satisfies WireCode<'SHIPPING_COUNTRY_UNSUPPORTED'>;
export const SHIPPING_METHOD_UNKNOWN = 'SHIPPING_METHOD_UNKNOWN' satisfies WireCode<'SHIPPING_METHOD_UNKNOWN'>;
export const ORDER_LINK_EXPIRED = 'ORDER_LINK_EXPIRED' satisfies WireCode<'ORDER_LINK_EXPIRED'>;

// Phone codes and push approval (issue #32).
export const PHONE_RESEND_TOO_SOON = 'PHONE_RESEND_TOO_SOON' satisfies WireCode<'PHONE_RESEND_TOO_SOON'>;
export const PHONE_LIMIT_REACHED = 'PHONE_LIMIT_REACHED' satisfies WireCode<'PHONE_LIMIT_REACHED'>;
export const PHONE_DELIVERY_FAILED = 'PHONE_DELIVERY_FAILED' satisfies WireCode<'PHONE_DELIVERY_FAILED'>;
export const FACTOR_EXISTS = 'FACTOR_EXISTS' satisfies WireCode<'FACTOR_EXISTS'>;
export const FACTOR_NOT_AVAILABLE = 'FACTOR_NOT_AVAILABLE' satisfies WireCode<'FACTOR_NOT_AVAILABLE'>;
export const PUSH_ANSWERED = 'PUSH_ANSWERED' satisfies WireCode<'PUSH_ANSWERED'>;

// The eCom wire's carts and discount codes (docs/commerce.md → The eCom wire): Wix's codes, and Vitrine's minimum.
export const OWNED_CART_NOT_FOUND = 'OWNED_CART_NOT_FOUND' satisfies WireCode<'OWNED_CART_NOT_FOUND'>;
export const CHECKOUT_IS_COMPLETE = 'CHECKOUT_IS_COMPLETE' satisfies WireCode<'CHECKOUT_IS_COMPLETE'>;
export const TOO_MANY_OPEN_ORDERS = 'TOO_MANY_OPEN_ORDERS' satisfies WireCode<'TOO_MANY_OPEN_ORDERS'>;
export const SHIPPING_COUNTRY_REQUIRED = 'SHIPPING_COUNTRY_REQUIRED' satisfies WireCode<'SHIPPING_COUNTRY_REQUIRED'>;
export const COUPON_NOT_FOUND = 'ERROR_COUPON_DOES_NOT_EXIST' satisfies WireCode<'COUPON_NOT_FOUND'>;
export const COUPON_NOT_ACTIVE_YET = 'ERROR_COUPON_IS_NOT_ACTIVE_YET' satisfies WireCode<'COUPON_NOT_ACTIVE_YET'>;
export const COUPON_EXPIRED = 'ERROR_COUPON_HAS_EXPIRED' satisfies WireCode<'COUPON_EXPIRED'>;
export const COUPON_USAGE_EXCEEDED = 'ERROR_COUPON_USAGE_EXCEEDED' satisfies WireCode<'COUPON_USAGE_EXCEEDED'>;
export const COUPON_MINIMUM_NOT_REACHED = 'COUPON_MINIMUM_NOT_REACHED' satisfies WireCode<'COUPON_MINIMUM_NOT_REACHED'>;
