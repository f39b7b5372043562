import { api } from '../../api/client.js';

/** The console's side of `/_admin/v1/collections` (admin/collections-routes.ts on the server). */
export type Permission = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'AUTHOR' | 'ADMIN';

export interface FieldSpec {
  key: string;
  type: string;
  required: boolean;
  collection?: string;
}

export interface CollectionInfo {
  id: string;
  permissions: Record<'read' | 'insert' | 'update' | 'remove', Permission>;
  fields: FieldSpec[];
  strict: boolean;
  /** Fields with a value per site language (config `translatable`); empty for most collections. */
  translatable?: string[];
  itemCount: number;
}

export type Item = Record<string, unknown> & { _id: string };

export interface ImportReport {
  inserted: number;
  updated: number;
  failed: number;
  rows: { row: number; id: string | null; outcome: 'inserted' | 'updated' | 'failed'; error?: string }[];
}

const base = (collectionId: string) => `/_admin/v1/collections/${encodeURIComponent(collectionId)}`;

export const collectionsApi = {
  list: (siteId: string) => api<{ collections: CollectionInfo[] }>('GET', `/_admin/v1/collections?siteId=${encodeURIComponent(siteId)}`),
  query: (siteId: string, collectionId: string, q: { filter: unknown; sort: { fieldName: string; order: 'ASC' | 'DESC' }[]; limit: number; offset: number }) =>
    api<{ items: Item[]; total: number }>('POST', `${base(collectionId)}/query`, { siteId, ...q }),
  insert: (siteId: string, collectionId: string, item: Record<string, unknown>) => api<{ item: Item }>('POST', `${base(collectionId)}/items`, { siteId, item }),
  update: (siteId: string, collectionId: string, id: string, item: Record<string, unknown>) =>
    api<{ item: Item }>('POST', `${base(collectionId)}/items/${encodeURIComponent(id)}`, { siteId, item }),
  remove: (siteId: string, collectionId: string, id: string) => api('POST', `${base(collectionId)}/items/${encodeURIComponent(id)}/remove`, { siteId }),
  importCsv: (siteId: string, collectionId: string, csv: string) => api<ImportReport>('POST', `${base(collectionId)}/import`, { siteId, csv }),
  /** A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF value). */
  exportUrl: (siteId: string, collectionId: string, filter: string, sort: unknown) =>
    `${base(collectionId)}/export?${new URLSearchParams({ siteId, filter, sort: JSON.stringify(sort) })}`,
};

/** One item by id (the query language's `_id` equality). */
export async function fetchItem(siteId: string, collectionId: string, id: string): Promise<Item | undefined> {
  const result = await collectionsApi.query(siteId, collectionId, { filter: { _id: id }, sort: [], limit: 1, offset: 0 });
  return result.items[0];
}

/** A cell's text in the items table: strings as they are, anything else as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value && '$date' in value) return String((value as { $date: string }).$date);
  return JSON.stringify(value);
}
