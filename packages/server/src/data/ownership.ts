import type { Queryable } from '../store/types.js';

/**
 * Visitor → member hand-over (docs/design.md §4): every item the visitor owns on the site becomes the member's,
 * in `owner_id` and in the item's `_owner`. Runs in the caller's transaction (the login that links the two).
 * Returns how many items moved.
 */
export async function reassignVisitorItems(
  tx: Queryable,
  siteId: string,
  visitorId: string,
  memberId: string,
): Promise<number> {
  if (visitorId === memberId) return 0;
  const result = await tx.query(
    `update data_items set owner_id = $3, data = jsonb_set(data, '{_owner}', to_jsonb($3::text))
     where site_id = $1 and owner_id = $2`,
    [siteId, visitorId, memberId],
  );
  return result.rowCount;
}
