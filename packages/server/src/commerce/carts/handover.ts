/**
 * A visitor signs in (docs/commerce.md → Carts → Signing in): the cart they filled as a visitor goes with them.
 * If the member has no cart, the visitor's cart becomes theirs as it is; if they have one, the visitor's lines are
 * added to it (the same variant adds up, within the site's caps; lines beyond the caps are dropped) and the
 * member's coupon is kept (else the visitor's), then the visitor's cart is deleted. Checkouts made as a visitor
 * and never placed are deleted: the member makes one from their cart. Runs in the sign-in's transaction
 * (oauth/code-grant.ts, oauth/external-grant.ts), beside the hand-over of the visitor's data items.
 */
import type { SiteConfig } from '../../config/types.js';
import type { Queryable } from '../../store/types.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, shopLimits } from '../limits.js';
import { deleteCart, findCart, newLineId, saveLines, setCartCoupon } from './store.js';

export async function adoptVisitorCart(
  tx: Queryable,
  site: Pick<SiteConfig, 'id' | 'shop'>,
  visitorId: string,
  memberId: string,
  now: number,
): Promise<void> {
  if (visitorId === memberId) return;
  const visitor = await findCart(tx, site.id, { kind: 'visitor', id: visitorId }, true);
  if (!visitor) return;
  await tx.query(
    `delete from commerce_checkouts where site_id = $1 and owner_kind = 'visitor' and owner_id = $2 and cart_id = $3
     and order_id is null`,
    [site.id, visitorId, visitor.id],
  );
  const member = await findCart(tx, site.id, { kind: 'member', id: memberId }, true);
  if (!member) {
    await tx.query(
      `update commerce_carts set owner_kind = 'member', owner_id = $3, updated_at = $4 where site_id = $1 and id = $2`,
      [site.id, visitor.id, memberId, new Date(now)],
    );
    return;
  }
  const limits = shopLimits(site);
  const perLine = Math.min(limits.maxUnitsPerProduct, MAX_LINE_QUANTITY);
  const maxLines = Math.min(limits.maxLinesPerOrder, MAX_CART_LINES);
  const lines = member.lines.map((l) => ({ ...l }));
  let units = lines.reduce((a, l) => a + l.quantity, 0);
  for (const v of visitor.lines) {
    const same = lines.find((l) => l.productId === v.productId && l.variantId === v.variantId);
    const room = Math.min(limits.maxUnitsPerOrder - units, perLine - (same?.quantity ?? 0));
    const take = Math.min(v.quantity, room);
    if (take <= 0 || (!same && lines.length >= maxLines)) continue;
    if (same) same.quantity += take;
    else lines.push({ id: newLineId(), productId: v.productId, variantId: v.variantId, quantity: take });
    units += take;
  }
  await saveLines(tx, site.id, { id: member.id, lines }, now);
  if (!member.couponCode && visitor.couponCode) await setCartCoupon(tx, site.id, member.id, visitor.couponCode, now);
  await deleteCart(tx, site.id, visitor);
}
