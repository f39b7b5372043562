import type { Migration } from '../types.js';

/**
 * Orders placed before statuses existed were written as PLACED; the status rules (shop/order-rules.ts) call the
 * same state AWAITING_PAYMENT, which checkout writes now. One name in storage keeps the console's filters, the
 * sales overview and the status index honest for old orders too.
 */
export const orderStatusNames: Migration = {
  version: 44,
  name: 'order_status_names',
  sql: `
    update data_items set data = jsonb_set(data, '{status}', '"AWAITING_PAYMENT"')
      where collection_id = 'Orders' and data ->> 'status' = 'PLACED';
  `,
};
