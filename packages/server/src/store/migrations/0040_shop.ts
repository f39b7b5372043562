import type { Migration } from '../types.js';

export const shop: Migration = {
  version: 40,
  name: 'shop',
  sql: `
    -- Human order numbers: one counter per site, taken inside the checkout transaction, so numbers
    -- are unique and gap-free for committed orders (a rolled-back checkout releases its number).
    create table shop_order_counters (
      site_id text primary key,
      last_number bigint not null
    );
  `,
};
