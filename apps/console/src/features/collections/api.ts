import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { CollectionInfo, Item } from '../../api/types.js';

/** The console's side of `/_admin/v1/collections` (admin/collections-routes.ts on the server); shapes in src/api/types.ts. */
export type { CollectionInfo, FieldSpec, ImportReport, Item, Permission } from '../../api/types.js';

export const collectionsKeys = {
  all: (siteId: string) => ['collections', siteId] as const,
  list: (siteId: string) => ['collections', siteId, 'list'] as const,
  items: (siteId: string, collectionId: string) => ['collections', siteId, 'items', collectionId] as const,
};

export interface ItemsQuery {
  filter: unknown;
  sort: { fieldName: string; order: 'ASC' | 'DESC' }[];
  limit: number;
  offset: number;
}

const listCollections = async (siteId: string) =>
  (await answer(client.GET('/_admin/v1/collections', { params: { query: { siteId } } }))).collections;

/** A query of the items (the query language of the data API), its items with their `_id`. */
export const queryItems = (siteId: string, collectionId: string, q: ItemsQuery, signal?: AbortSignal) =>
  answer(
    client.POST('/_admin/v1/collections/{id}/query', {
      params: { path: { id: collectionId } },
      body: { siteId, ...q },
      ...(signal ? { signal } : {}),
    }),
  );

/** The site's collections, with their fields, permissions and item counts. */
export function useCollections(siteId: string) {
  return useQuery({ queryKey: collectionsKeys.list(siteId), queryFn: () => listCollections(siteId) });
}

/** One collection's description (undefined while loading, or when the site has none by that id). */
export function useCollection(siteId: string, collectionId: string) {
  return useQuery({
    queryKey: collectionsKeys.list(siteId),
    queryFn: () => listCollections(siteId),
    select: (collections: CollectionInfo[]) => collections.find((c) => c.id === collectionId),
  });
}

/** The collection's description, fetched (or taken from the cache) outside a component's render. */
export function useCollectionFetcher() {
  const queryClient = useQueryClient();
  return async (siteId: string, collectionId: string) =>
    (
      await queryClient.fetchQuery({ queryKey: collectionsKeys.list(siteId), queryFn: () => listCollections(siteId) })
    ).find((c) => c.id === collectionId);
}

/** One page of items; the rows stay while the next page loads. */
export function useItems(siteId: string, collectionId: string, q: ItemsQuery) {
  return useQuery({
    queryKey: [...collectionsKeys.items(siteId, collectionId), 'query', q],
    queryFn: () => queryItems(siteId, collectionId, q),
    placeholderData: keepPreviousData,
  });
}

/** One item by id (the query language's `_id` equality); `null` when there is none. */
export function useItem(siteId: string, collectionId: string, itemId: string | undefined) {
  return useQuery({
    queryKey: [...collectionsKeys.items(siteId, collectionId), 'item', itemId],
    queryFn: async (): Promise<Item | null> =>
      (await queryItems(siteId, collectionId, { filter: { _id: itemId }, sort: [], limit: 1, offset: 0 })).items[0] ??
      null,
    enabled: itemId !== undefined,
  });
}

/** Saves an item: an update when it has an id already, else an insert (with the id typed, if any). */
export function useSaveItem(siteId: string, collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, data }: { id?: string; data: Record<string, unknown> }) =>
      (
        await answer(
          id === undefined
            ? client.POST('/_admin/v1/collections/{id}/items', {
                params: { path: { id: collectionId } },
                body: { siteId, item: data },
              })
            : client.POST('/_admin/v1/collections/{id}/items/{itemId}', {
                params: { path: { id: collectionId, itemId: id } },
                body: { siteId, item: data },
              }),
        )
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionsKeys.all(siteId) }),
  });
}

export function useRemoveItem(siteId: string, collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(
        client.POST('/_admin/v1/collections/{id}/items/{itemId}/remove', {
          params: { path: { id: collectionId, itemId: id } },
          body: { siteId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionsKeys.all(siteId), refetchType: 'none' }),
  });
}

/** CSV import: the file goes to the server as text; the answer reports every row. */
export function useImportCsv(siteId: string, collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      answer(
        client.POST('/_admin/v1/collections/{id}/import', {
          params: { path: { id: collectionId } },
          body: { siteId, csv: await file.text() },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionsKeys.all(siteId) }),
  });
}

/** A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF value). */
export const collectionExportUrl = (siteId: string, collectionId: string, filter: string, sort: unknown) =>
  `/_admin/v1/collections/${encodeURIComponent(collectionId)}/export?${new URLSearchParams({ siteId, filter, sort: JSON.stringify(sort) })}`;

/** A cell's text in the items table: strings as they are, anything else as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value && '$date' in value) return String((value as { $date: string }).$date);
  return JSON.stringify(value);
}
