/**
 * What the commerce module does when a member signs in (oauth/code-grant.ts, oauth/external-grant.ts call it in
 * the sign-in's transaction): the visitor's cart goes with them (carts/handover.ts), found by its owner's unique
 * key; and orders placed as a guest with the member's verified address join the account (orders/guest-orders.ts,
 * found by `commerce_orders_guest_email`).
 */
import type { SiteConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { adoptVisitorCart } from './carts/handover.js';
import { linkGuestOrders } from './orders/guest-orders.js';

export async function handOverToMember(
  tx: Queryable,
  site: Pick<SiteConfig, 'id' | 'shop'>,
  visitorId: string | undefined,
  memberId: string,
  now: number,
): Promise<void> {
  if (visitorId) await adoptVisitorCart(tx, site, visitorId, memberId, now);
  await linkGuestOrders(tx, site.id, memberId, now);
}
