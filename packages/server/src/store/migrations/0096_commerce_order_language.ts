import type { Migration } from '../types.js';

/**
 * The language an order's mails are written in (docs/commerce.md → Languages): the language its confirmation mail
 * went out in, i.e. the one the shopper placed it in. The later mails of the order (paid, shipped, cancelled,
 * refunded) use it, so a guest, who has no profile to keep a language, reads them all in one language. Orders placed
 * before this version have none and keep the older rule (the member's profile language, else the site's default).
 */
export const commerceOrderLanguage: Migration = {
  version: 96,
  name: 'commerce_order_language',
  sql: `
    alter table commerce_orders add column language text;
  `,
};
