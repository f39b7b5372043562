import { ApiRequestError } from '@vitrine/react';

/** Checkout failures as sentences: stock, empty cart, session, network. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'OUT_OF_STOCK':
        return `${error.message} Lower the quantity in your cart, or remove the product.`;
      case 'CART_EMPTY':
        return 'Your cart is empty, so there is nothing to order.';
      case 'PRODUCT_UNAVAILABLE':
        return `${error.message} Remove it from your cart to continue.`;
    }
    if (error.status == 401) return 'Your session has ended. Please sign in again to place your order.';
    if (error.status >= 500) return 'Something went wrong on our side and no order was placed. Please try again.';
    return error.message;
  }
  return 'We could not reach the shop, and no order was placed. Check your connection and try again.';
}
