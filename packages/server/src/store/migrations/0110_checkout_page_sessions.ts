import type { Migration } from '../types.js';

/**
 * The member session behind a hosted checkout page (commerce_checkout_pages, migration 99). A page a member's own
 * access token made acts for that member only while that token's session lives, as the token itself would: a
 * sign-out, a password change, a block or the session's end closes the page too (it had gone on placing and paying
 * orders as a blocked member). Null for a visitor's page (a visitor token has no session) and for a page a site API
 * key made for a member's checkout (no session to follow; the member must still be active).
 *
 * Member pages made before this column cannot say which session made them: they are deleted (a page lives 24 hours;
 * its shopper is told the link has expired and checks out again from the shop).
 */
export const checkoutPageSessions: Migration = {
  version: 110,
  name: 'checkout_page_sessions',
  sql: `
    alter table commerce_checkout_pages add column member_session_id text;
    delete from commerce_checkout_pages where owner_kind = 'member';
  `,
};
