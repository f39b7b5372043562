import { api } from '../../api/client.js';
import type { CollectionInfo, ImportReport, Item, ItemPage } from '../../api/types.js';

/** The console's side of `/_admin/v1/collections` (admin/collections-routes.ts on the server); shapes in src/api/types.ts. */
export type { CollectionInfo, FieldSpec, ImportReport, Item, Permission } from '../../api/types.js';

const base = (collectionId: string) => `/_admin/v1/collections/${encodeURIComponent(collectionId)}`;

export const collectionsApi = {
  list: (siteId: string) =>
    api<{ collections: CollectionInfo[] }>('GET', `/_admin/v1/collections?siteId=${encodeURIComponent(siteId)}`),
  query: (
    siteId: string,
    collectionId: string,
    q: { filter: unknown; sort: { fieldName: string; order: 'ASC' | 'DESC' }[]; limit: number; offset: number },
  ) => api<ItemPage>('POST', `${base(collectionId)}/query`, { siteId, ...q }),
  insert: (siteId: string, collectionId: string, item: Record<string, unknown>) =>
    api<{ item: Item }>('POST', `${base(collectionId)}/items`, { siteId, item }),
  update: (siteId: string, collectionId: string, id: string, item: Record<string, unknown>) =>
    api<{ item: Item }>('POST', `${base(collectionId)}/items/${encodeURIComponent(id)}`, { siteId, item }),
  remove: (siteId: string, collectionId: string, id: string) =>
    api('POST', `${base(collectionId)}/items/${encodeURIComponent(id)}/remove`, { siteId }),
  importCsv: (siteId: string, collectionId: string, csv: string) =>
    api<ImportReport>('POST', `${base(collectionId)}/import`, { siteId, csv }),
  /** A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF value). */
  exportUrl: (siteId: string, collectionId: string, filter: string, sort: unknown) =>
    `${base(collectionId)}/export?${new URLSearchParams({ siteId, filter, sort: JSON.stringify(sort) })}`,
};

/** One item by id (the query language's `_id` equality). */
export async function fetchItem(siteId: string, collectionId: string, id: string): Promise<Item | undefined> {
  const result = await collectionsApi.query(siteId, collectionId, {
    filter: { _id: id },
    sort: [],
    limit: 1,
    offset: 0,
  });
  return result.items[0];
}

/** A cell's text in the items table: strings as they are, anything else as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value && '$date' in value) return String((value as { $date: string }).$date);
  return JSON.stringify(value);
}
