import type { Migration } from '../types.js';

/**
 * The ids of deleted members (issue #52): a deleted member's id answers as deleted (`MEMBER_DELETED`, status
 * `DELETED`) instead of as an id that never existed. Only the id and when: no personal data outlives the
 * deletion (members/deletion.ts writes the row in the deletion's transaction; `member.deleted` carries the same).
 */
export const deletedMembers: Migration = {
  version: 101,
  name: 'deleted_members',
  sql: `
    create table deleted_members (
      site_id text not null,
      member_id uuid not null,
      deleted_at timestamptz not null,
      primary key (site_id, member_id)
    );
  `,
};
