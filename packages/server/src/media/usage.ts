/**
 * Where each media file is used: items of the site whose data holds the file's id (an image field's URL, or an
 * image inside rich text). One scan of the site's items per media page, by text match on the 24-hex-digit id.
 */
import type { Queryable } from '../store/types.js';

export interface MediaUse {
  collection: string;
  itemId: string;
  field: string;
}

export async function whereUsed(db: Queryable, siteId: string, ids: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  // Ids are hex: no LIKE wildcard can hide in them.
  const { rows } = await db.query<{ collection_id: string; id: string; data: Record<string, unknown> | string }>(
    'select collection_id, id, data from data_items where site_id = $1 and data::text like any($2::text[])',
    [siteId, ids.map((id) => `%${id}%`)],
  );
  for (const row of rows) {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
    for (const [field, value] of Object.entries(data)) {
      const text = JSON.stringify(value);
      for (const id of ids)
        if (text.includes(id)) uses.get(id)!.push({ collection: row.collection_id, itemId: row.id, field });
    }
  }
  return uses;
}
