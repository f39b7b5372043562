/** The cart's discount code and its totals on the eCom wire (cart-api.ts has the lines). */
import type { EcomFetch } from '../../app/ecom-fetch.js';
import type { Cart, CartEstimate } from '../../app/ecom-types.js';
import { CURRENT, noCart } from './cart-api.js';

export async function applyCoupon(ecom: EcomFetch, code: string): Promise<Cart> {
  return (await ecom<{ cart: Cart }>('PATCH', CURRENT, { couponCode: code })).cart;
}

export async function removeCoupon(ecom: EcomFetch): Promise<Cart> {
  return (await ecom<{ cart: Cart }>('POST', `${CURRENT}/remove-coupon`, {})).cart;
}

/** The cart's totals as the server prices them (without an address: no delivery, and tax only where it is known). */
export async function estimateTotals(ecom: EcomFetch): Promise<CartEstimate | null> {
  try {
    return await ecom<CartEstimate>('POST', `${CURRENT}/estimate-totals`, {});
  } catch (e) {
    if (noCart(e)) return null;
    throw e;
  }
}
