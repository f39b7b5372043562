/** Shapes push approval shares across the server (kept apart so nothing imports in a circle). */

/** A push transaction's state; PENDING past its expiry reads EXPIRED. */
export type PushStatus = 'PENDING' | 'APPROVED' | 'DENIED' | 'EXPIRED';

/** A browser's `PushSubscription.toJSON()`: where its push service takes messages for it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
