/**
 * What the commerce module does when a member signs in (oauth/code-grant.ts, oauth/external-grant.ts call it in
 * the sign-in's transaction): the visitor's cart goes with them (carts/handover.ts), found by its owner's unique
 * key. Orders placed as a guest are not linked here yet: finding them by email or visitor needs an index on
 * `commerce_orders` that migration 90 does not have, and a scan on every sign-in is not a price to pay
 * (docs/commerce.md → Guest orders).
 */
import type { SiteConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { adoptVisitorCart } from './carts/handover.js';

export async function handOverToMember(
  tx: Queryable,
  site: Pick<SiteConfig, 'id' | 'shop'>,
  visitorId: string | undefined,
  memberId: string,
  now: number,
): Promise<void> {
  if (visitorId) await adoptVisitorCart(tx, site, visitorId, memberId, now);
}
