/**
 * Guest orders (issue #29): placed with an email and no account. The order item has no owner, so the data
 * API shows it to nobody but admins; the guest reads it through the signed link of its confirmation mail
 * (order-link.ts). When a member signs in whose *verified* address has the same email key, their guest
 * orders become theirs — never on an unverified address, or anyone could register someone else's email
 * and read their orders.
 */
import { emailKey } from '../security/index.js';
import type { Queryable } from '../store/types.js';

/** The guest order's email key, visitor and client address (the open-order caps count them: order-limits.ts). */
export async function recordGuestOrder(
  tx: Queryable,
  siteId: string,
  orderId: string,
  guest: { email: string; visitorId: string; clientIp: string | undefined },
  now: number,
): Promise<void> {
  await tx.query(
    `insert into shop_guest_orders (site_id, order_id, email_key, visitor_id, client_ip, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [siteId, orderId, emailKey(guest.email), guest.visitorId, guest.clientIp ?? null, new Date(now)],
  );
}

/**
 * Gives the member the guest orders of their address, if it is verified; returns how many moved. Runs in the
 * transaction that starts the member's session (oauth/code-grant.ts), so sign-in and verification both link.
 */
export async function linkGuestOrders(
  tx: Queryable,
  siteId: string,
  memberId: string,
  now: number,
  ordersCollection = 'Orders',
): Promise<number> {
  const { rows } = await tx.query<{ email_key: string; email_verified: boolean }>(
    'select email_key, email_verified from members where site_id = $1 and id = $2',
    [siteId, memberId],
  );
  const member = rows[0];
  if (!member?.email_verified) return 0;
  const linked = await tx.query<{ order_id: string }>(
    `update shop_guest_orders set linked_member_id = $3, linked_at = $4
     where site_id = $1 and email_key = $2 and linked_member_id is null returning order_id`,
    [siteId, member.email_key, memberId, new Date(now)],
  );
  if (!linked.rows.length) return 0;
  await tx.query(
    `update data_items set owner_id = $3,
       data = jsonb_set(jsonb_set(data, '{_owner}', to_jsonb($3::text)), '{memberId}', to_jsonb($3::text))
     where site_id = $1 and collection_id = $4 and owner_id is null
       and id in (select jsonb_array_elements_text($2::jsonb))`,
    [siteId, JSON.stringify(linked.rows.map((r) => r.order_id)), memberId, ordersCollection],
  );
  return linked.rows.length;
}
