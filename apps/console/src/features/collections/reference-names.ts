import { useQuery } from '@tanstack/react-query';
import { cellText, queryItems, useCollections, type CollectionInfo } from './api.js';
import { displayFieldOf } from './editor-fields.js';

/** The ids a reference value holds: an id, a list of ids, or referenced items (`{_id}`) as the API may answer them. */
export function referencedIds(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === 'string' ? v : (v as { _id?: unknown } | null)?._id));
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined;
}

// One page of `$in` values (the server's paging maximum is higher; a hundred keeps the filter light).
const CHUNK = 100;

/** The display-field value of each of these items of the collection; ids that match no item are left out. */
async function referenceNames(
  siteId: string,
  collection: CollectionInfo | undefined,
  collectionId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return names;
  const display = displayFieldOf(collection);
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const page = await queryItems(siteId, collectionId, {
      filter: { _id: { $in: chunk } },
      sort: [],
      limit: chunk.length,
      offset: 0,
    });
    for (const item of page.items) names.set(String(item._id), cellText(item[display]) || String(item._id));
  }
  return names;
}

/**
 * Names for the ids of several reference fields at once (one query per referenced collection), for a form or a
 * page of the grid. Undefined while loading; an id without a name (deleted item, no access) is absent.
 */
export function useReferenceNames(
  siteId: string,
  wanted: readonly { collectionId: string; ids: readonly string[] }[],
): Map<string, string> | undefined {
  const byCollection = new Map<string, Set<string>>();
  for (const { collectionId, ids } of wanted) {
    const set = byCollection.get(collectionId) ?? new Set<string>();
    for (const id of ids) set.add(id);
    byCollection.set(collectionId, set);
  }
  // The request by value (ids may hold any character): the same ids in another order fetch nothing again.
  const request = [...byCollection]
    .map(([collectionId, ids]) => [collectionId, [...ids].sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const collections = useCollections(siteId);
  const names = useQuery({
    queryKey: ['collections', siteId, 'reference-names', request],
    queryFn: async () => {
      const maps = await Promise.all(
        request.map(([collectionId, ids]) =>
          referenceNames(
            siteId,
            collections.data?.find((c) => c.id === collectionId),
            collectionId,
            ids,
          ),
        ),
      );
      return new Map(maps.flatMap((m) => [...m]));
    },
    // The collections' display fields first; without them (no access) the names fall back to `title`/`_id`.
    enabled: !collections.isPending,
  });
  if (collections.isPending || names.isPending) return undefined;
  // Names are a courtesy: without them the ids still show.
  return names.data ?? new Map();
}
