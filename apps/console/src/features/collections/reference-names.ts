import { useEffect, useState } from 'react';
import { cellText, collectionsApi, type CollectionInfo } from './collections-api.js';
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

/** The display-field value of each of these items of `collectionId`; ids that match no item are left out. */
export async function referenceNames(
  siteId: string,
  collectionId: string,
  ids: readonly string[],
  info?: CollectionInfo,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return names;
  const collection = info ?? (await collectionsApi.list(siteId)).collections.find((c) => c.id === collectionId);
  const display = displayFieldOf(collection);
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const page = await collectionsApi.query(siteId, collectionId, {
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
  const key = JSON.stringify(
    [...byCollection]
      .map(([collectionId, ids]) => [collectionId, [...ids].sort()])
      .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
  );
  const [state, setState] = useState<{ key: string; names: Map<string, string> }>();
  useEffect(() => {
    let live = true;
    const requests = (JSON.parse(key) as [string, string[]][]).map(([collectionId, ids]) =>
      referenceNames(siteId, collectionId, ids),
    );
    Promise.all(requests).then(
      (maps) => live && setState({ key, names: new Map(maps.flatMap((m) => [...m])) }),
      // Names are a courtesy: without them the ids still show.
      () => live && setState({ key, names: new Map() }),
    );
    return () => {
      live = false;
    };
  }, [siteId, key]);
  return state?.key === key ? state.names : undefined;
}
