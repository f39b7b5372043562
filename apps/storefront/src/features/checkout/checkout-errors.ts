import { i18n } from '../../i18n/i18n.js';
import { ApiRequestError } from '@vitrine/react';
import { couponMessageId } from '../cart/coupon-errors.js';
import {
  CART_EMPTY,
  COUPON_EXPIRED,
  COUPON_MINIMUM_NOT_REACHED,
  COUPON_NOT_ACTIVE_YET,
  COUPON_NOT_FOUND,
  COUPON_USAGE_EXCEEDED,
  OWNED_CART_NOT_FOUND,
  INVALID_CART,
  OUT_OF_STOCK,
  PRODUCT_UNAVAILABLE,
  SHIPPING_COUNTRY_REQUIRED,
  SHIPPING_COUNTRY_UNSUPPORTED,
  SHIPPING_METHOD_UNKNOWN,
} from '../../app/error-codes.js';

/** Checkout failures as sentences: stock, empty cart, the cart's caps, discount code, delivery, email, session, network. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case OUT_OF_STOCK:
        return i18n._('checkout.error.outOfStock', { reason: error.message });
      case CART_EMPTY:
      case OWNED_CART_NOT_FOUND:
        return i18n._('checkout.error.cartEmpty');
      case INVALID_CART:
        // The server's sentence names the cap ("At most 10 of one product per order."): the site's caps may have
        // changed since the cart was filled (the cart itself keeps within the caps it was given).
        return i18n._('checkout.error.invalidCart', { reason: error.message });
      case PRODUCT_UNAVAILABLE:
        return i18n._('checkout.error.unavailable', { reason: error.message });
      // A code that stopped applying since it was set (expired, used up, minimum no longer reached).
      case COUPON_NOT_FOUND:
      case COUPON_NOT_ACTIVE_YET:
      case COUPON_EXPIRED:
      case COUPON_USAGE_EXCEEDED:
      case COUPON_MINIMUM_NOT_REACHED:
        return i18n._(couponMessageId(error.code));
      case SHIPPING_COUNTRY_REQUIRED:
      case SHIPPING_COUNTRY_UNSUPPORTED:
      case SHIPPING_METHOD_UNKNOWN:
        return i18n._('checkout.error.delivery');
    }
    if (error.status == 400 && /email/i.test(error.message)) return i18n._('checkout.error.email');
    if (error.status == 401) return i18n._('checkout.error.sessionEnded');
    if (error.status >= 500) return i18n._('checkout.error.server');
    return error.message;
  }
  return i18n._('checkout.error.network');
}
