/**
 * Guest orders joining an account (issue #29, on the module's orders): an order placed by a visitor with an email
 * and no account belongs to nobody but that visitor (and the signed link of its mail, order-link.ts). When a member
 * signs in whose *verified* address is the order's email (compared by email key, whatever the case), the order
 * becomes theirs: it shows in their orders (the eCom wire's search, the account pages, their data download). Never
 * on an unverified address, or anyone could register someone else's email and read their orders.
 */
import { emailKey } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';

/**
 * Gives the member the guest orders of their address, if it is verified; returns how many joined. Runs in the
 * transaction that starts the member's session (oauth/code-grant.ts), so the sign-in after a verification links
 * them. Candidates come by `commerce_orders_guest_email`; the email key decides.
 */
export async function linkGuestOrders(tx: Queryable, siteId: string, memberId: string, now: number): Promise<number> {
  const { rows } = await tx.query<{ email: string; email_key: string; email_verified: boolean }>(
    'select email, email_key, email_verified from members where site_id = $1 and id = $2',
    [siteId, memberId],
  );
  const member = rows[0];
  if (!member?.email_verified || !member.email) return 0;
  const candidates = await tx.query<{ id: string; buyer_email: string }>(
    `select id, buyer_email from commerce_orders
     where site_id = $1 and member_id is null and lower(buyer_email) = lower($2) for update`,
    [siteId, member.email.trim()],
  );
  const ids = candidates.rows.filter((r) => emailKey(r.buyer_email) === member.email_key).map((r) => r.id);
  if (!ids.length) return 0;
  const linked = await tx.query(
    `update commerce_orders set member_id = $3, updated_at = $4
     where site_id = $1 and member_id is null and id = any($2::text[])`,
    [siteId, ids, memberId, new Date(now)],
  );
  return linked.rowCount ?? ids.length;
}
