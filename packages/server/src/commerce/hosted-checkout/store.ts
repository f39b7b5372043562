/**
 * `commerce_checkout_pages` (migration 99): the page behind an `ecomCheckout` redirect session's fullUrl. The row's
 * id is the redirect session's id and the page's address; it names the checkout, its shopper and the callbacks.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../store/types.js';
import type { CartOwner } from '../carts/store.js';

/** A page lives as long as a Stripe session may (24 hours): long enough to pay, come back, and try again. */
export const CHECKOUT_PAGE_TTL_SECONDS = 24 * 3600;

export interface CheckoutPage {
  siteId: string;
  id: string;
  checkoutId: string;
  owner: CartOwner;
  clientId: string | null;
  thankYouUrl: string | null;
  postFlowUrl: string | null;
  /**
   * The session of the member token that made the page (migration 110): the page acts for the member while it
   * lives. Null for a visitor's page, and for a page a site API key made for a member's checkout.
   */
  memberSessionId: string | null;
  expiresAt: Date;
}

interface Row {
  site_id: string;
  id: string;
  checkout_id: string;
  owner_kind: 'visitor' | 'member';
  owner_id: string;
  client_id: string | null;
  thank_you_url: string | null;
  post_flow_url: string | null;
  member_session_id: string | null;
  expires_at: Date | string;
}

const toPage = (r: Row): CheckoutPage => ({
  siteId: r.site_id,
  id: r.id,
  checkoutId: r.checkout_id,
  owner: { kind: r.owner_kind, id: r.owner_id },
  clientId: r.client_id,
  thankYouUrl: r.thank_you_url,
  postFlowUrl: r.post_flow_url,
  memberSessionId: r.member_session_id,
  expiresAt: new Date(r.expires_at),
});

export async function insertCheckoutPage(
  db: Queryable,
  page: Omit<CheckoutPage, 'id' | 'expiresAt'>,
  now: number,
): Promise<CheckoutPage> {
  const { rows } = await db.query<Row>(
    `insert into commerce_checkout_pages (site_id, id, checkout_id, owner_kind, owner_id, client_id, thank_you_url,
                                          post_flow_url, member_session_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [
      page.siteId,
      randomUUID(),
      page.checkoutId,
      page.owner.kind,
      page.owner.id,
      page.clientId,
      page.thankYouUrl,
      page.postFlowUrl,
      page.memberSessionId,
      new Date(now),
      new Date(now + CHECKOUT_PAGE_TTL_SECONDS * 1000),
    ],
  );
  return toPage(rows[0]!);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live page; an unknown, malformed or expired id is undefined (the page answers 404). */
export async function findCheckoutPage(db: Queryable, id: unknown, now: number): Promise<CheckoutPage | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const { rows } = await db.query<Row>(`select * from commerce_checkout_pages where id = $1 and expires_at > $2`, [
    id,
    new Date(now),
  ]);
  return rows[0] && toPage(rows[0]);
}

/** The page moves to a new checkout (its order was cancelled by a declined payment; the cart was restored). */
export async function moveCheckoutPage(db: Queryable, id: string, checkoutId: string): Promise<void> {
  await db.query(`update commerce_checkout_pages set checkout_id = $2 where id = $1`, [id, checkoutId]);
}

/** Deletes expired pages, a bounded batch at a time (the payment sweep calls it every five minutes). */
export async function pruneCheckoutPages(db: Queryable, now: number, batch = 1000): Promise<number> {
  const result = await db.query(
    `delete from commerce_checkout_pages where id in
       (select id from commerce_checkout_pages where expires_at <= $1 order by expires_at limit $2)`,
    [new Date(now), batch],
  );
  return result.rowCount ?? 0;
}
