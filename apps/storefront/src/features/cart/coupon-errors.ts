import { ApiRequestError } from '@vitrine/react';
import {
  COUPON_EXPIRED,
  COUPON_MINIMUM_NOT_REACHED,
  COUPON_NOT_ACTIVE_YET,
  COUPON_NOT_FOUND,
  COUPON_USAGE_EXCEEDED,
} from '../../app/error-codes.js';

/** The catalog id of a sentence for a discount code the server refused (or stopped applying), by its code. */
export function couponMessageId(code: string | undefined): string {
  switch (code) {
    case COUPON_NOT_FOUND:
      return 'coupon.notFound';
    case COUPON_NOT_ACTIVE_YET:
      return 'coupon.notActiveYet';
    case COUPON_EXPIRED:
      return 'coupon.expired';
    case COUPON_USAGE_EXCEEDED:
      return 'coupon.usedUp';
    case COUPON_MINIMUM_NOT_REACHED:
      return 'coupon.minimum';
    default:
      return 'coupon.failed';
  }
}

/** The refusal of `PATCH …/carts/current {couponCode}` (or a checkout's) as a catalog id. */
export const couponErrorId = (error: unknown) =>
  couponMessageId(error instanceof ApiRequestError ? error.code : undefined);
