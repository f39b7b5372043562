import { i18n } from '../../i18n/i18n.js';
import { ApiRequestError } from '@vitrine/react';
import {
  CART_EMPTY,
  INVALID_CART,
  OUT_OF_STOCK,
  PRODUCT_UNAVAILABLE,
  SHIPPING_COUNTRY_UNSUPPORTED,
  SHIPPING_METHOD_UNKNOWN,
} from '../../app/error-codes.js';

/** Checkout failures as sentences: stock, empty cart, the cart's caps, delivery, email, session, network. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case OUT_OF_STOCK:
        return i18n._('checkout.error.outOfStock', { reason: error.message });
      case CART_EMPTY:
        return i18n._('checkout.error.cartEmpty');
      case INVALID_CART:
        // The server's sentence names the cap ("At most 10 of one product per order."): the site's caps may have
        // changed since the cart was filled (the cart itself keeps within the caps it was given).
        return i18n._('checkout.error.invalidCart', { reason: error.message });
      case PRODUCT_UNAVAILABLE:
        return i18n._('checkout.error.unavailable', { reason: error.message });
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
