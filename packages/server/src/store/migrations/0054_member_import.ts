import type { Migration } from '../types.js';

/**
 * Members imported from another system (members/import/): when. A member imported without a usable
 * password hash signs in through a reset (login answers -19973); this column is how login tells them from
 * members made by sign-on, who also have no password but must keep answering like an unknown address.
 */
export const memberImport: Migration = {
  version: 54,
  name: 'member_import',
  sql: `
    alter table members add column imported_at timestamptz;
  `,
};
