import type { Migration } from '../types.js';

/**
 * The hosted checkout pages of `ecomCheckout` redirect sessions (issue #51, docs/payments.md → The hosted checkout).
 * A row is the page behind one redirect session's fullUrl: the checkout it shows, the visitor or member whose token
 * made it (only that shopper's checkout), the client whose allowed origins the callbacks were checked against, and
 * where the shopper lands after paying. A declined payment cancels the order; the page then moves to a new checkout
 * made from the restored cart (`checkout_id` changes). Only `packages/server/src/commerce/hosted-checkout/` reads
 * or writes it.
 */
export const commerceCheckoutPages: Migration = {
  version: 99,
  name: 'commerce_checkout_pages',
  sql: `
    create table commerce_checkout_pages (
      site_id text not null,
      id uuid not null primary key,
      checkout_id text not null,
      owner_kind text not null check (owner_kind in ('visitor', 'member')),
      owner_id text not null,
      client_id text,
      thank_you_url text,
      post_flow_url text,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index commerce_checkout_pages_expiry on commerce_checkout_pages (expires_at);
  `,
};
