/**
 * Discount codes as pure rules: whether a code applies to a goods subtotal at a moment, and how much it takes
 * off. A percentage takes whole percent of the subtotal (rounded to a minor unit); an amount takes its value, never
 * more than the subtotal. The store (discounts/store.ts) reads them; the order's transaction counts a use.
 */
import { percentOf } from '../money.js';

export interface DiscountCode {
  id: string;
  /** Upper-case; shoppers type it in any case. */
  code: string;
  kind: 'percentage' | 'amount';
  /** percentage: whole percent 1–100; amount: minor units. */
  value: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  used: number;
  active: boolean;
}

/**
 * Why a code does not apply: names in the error catalogue, whose wire codes are the Wix coupon errors
 * (`ERROR_COUPON_DOES_NOT_EXIST`, …) and one of Vitrine's own for the minimum subtotal.
 */
export type DiscountRefusal =
  | 'COUPON_NOT_FOUND'
  | 'COUPON_NOT_ACTIVE_YET'
  | 'COUPON_EXPIRED'
  | 'COUPON_USAGE_EXCEEDED'
  | 'COUPON_MINIMUM_NOT_REACHED';

/** Codes are compared in capitals, without surrounding spaces. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** Why `discount` does not apply to `subtotal` at `now`; undefined when it applies. An inactive code does not exist. */
export function discountRefusal(
  discount: DiscountCode | undefined,
  subtotal: number,
  now: number,
): DiscountRefusal | undefined {
  if (!discount || !discount.active) return 'COUPON_NOT_FOUND';
  if (discount.startsAt && now < discount.startsAt.getTime()) return 'COUPON_NOT_ACTIVE_YET';
  if (discount.endsAt && now >= discount.endsAt.getTime()) return 'COUPON_EXPIRED';
  if (discount.usageLimit !== null && discount.used >= discount.usageLimit) return 'COUPON_USAGE_EXCEEDED';
  if (subtotal < discount.minSubtotal) return 'COUPON_MINIMUM_NOT_REACHED';
  return undefined;
}

/** What the code takes off `subtotal` (minor units), never more than the subtotal. */
export function discountAmount(discount: Pick<DiscountCode, 'kind' | 'value'>, subtotal: number): number {
  const off = discount.kind === 'percentage' ? percentOf(subtotal, Math.min(discount.value, 100)) : discount.value;
  return Math.max(0, Math.min(off, subtotal));
}
