import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import { pause } from '../../api/query.js';
import type { ProductInput, ProductOption, ShopCollectionInput, VariantInput } from '../../api/types.js';

/** The console's side of the catalog's admin API, `/_admin/v1/commerce/products|collections` (commerce/admin/). */
const catalogKeys = {
  products: (siteId: string) => ['shop-products', siteId] as const,
  product: (siteId: string, id: string) => ['shop-products', siteId, 'one', id] as const,
  collections: (siteId: string) => ['shop-collections', siteId] as const,
};

export function useProducts(
  siteId: string,
  search: string,
  page: { limit: number; offset: number },
  collectionId?: string,
) {
  return useQuery({
    queryKey: [...catalogKeys.products(siteId), 'list', search, page, collectionId],
    queryFn: async ({ signal }) => {
      await pause(200, signal);
      const query = {
        siteId,
        limit: String(page.limit),
        offset: String(page.offset),
        ...(search.trim() ? { search: search.trim() } : {}),
        ...(collectionId ? { collectionId } : {}),
      };
      return answer(client.GET('/_admin/v1/commerce/products', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useProduct(siteId: string, id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.product(siteId, id ?? ''),
    queryFn: () =>
      answer(client.GET('/_admin/v1/commerce/products/{id}', { params: { path: { id: id! }, query: { siteId } } })),
    enabled: !!id,
  });
}

/** Creates (no id) or replaces the product; its answer becomes the product's data and the lists are read again. */
export function useSaveProduct(siteId: string, id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductInput) =>
      answer(
        id
          ? client.PUT('/_admin/v1/commerce/products/{id}', { params: { path: { id } }, body: { siteId, product } })
          : client.POST('/_admin/v1/commerce/products', { body: { siteId, product } }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.product(siteId, saved.product.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.products(siteId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.collections(siteId) });
    },
  });
}

export function useDeleteProduct(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(client.DELETE('/_admin/v1/commerce/products/{id}', { params: { path: { id }, query: { siteId } } })),
    onSuccess: (_, id) => {
      // The deleted product itself is not read again (a 404 while its editor is still open): only the lists are.
      const deleted = catalogKeys.product(siteId, id);
      const isDeleted = (key: readonly unknown[]) => deleted.every((part, i) => key[i] === part);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: catalogKeys.products(siteId),
          predicate: (query) => !isDeleted(query.queryKey),
        }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.collections(siteId) }),
      ]);
    },
  });
}

/** The server's grid of every combination of the options' choices, keeping the variants that match (writes nothing). */
export function useVariantGrid(siteId: string) {
  return useMutation({
    mutationFn: (input: { options: ProductOption[]; price: number; stock: number; existing: VariantInput[] }) =>
      answer(client.POST('/_admin/v1/commerce/products/variant-grid', { body: { siteId, ...input } })),
  });
}

export function useShopCollections(siteId: string) {
  return useQuery({
    queryKey: catalogKeys.collections(siteId),
    queryFn: () => answer(client.GET('/_admin/v1/commerce/collections', { params: { query: { siteId } } })),
  });
}

/** Creates (no id) or changes a collection. */
export function useSaveCollection(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, collection }: { id?: string; collection: ShopCollectionInput }) =>
      answer(
        id
          ? client.PUT('/_admin/v1/commerce/collections/{id}', {
              params: { path: { id } },
              body: { siteId, collection },
            })
          : client.POST('/_admin/v1/commerce/collections', { body: { siteId, collection } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.collections(siteId) }),
  });
}

/** Sets the collection's products, in order; the products' own pages read their collections again. */
export function useSetCollectionProducts(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, productIds }: { id: string; productIds: string[] }) =>
      answer(
        client.PUT('/_admin/v1/commerce/collections/{id}/products', {
          params: { path: { id } },
          body: { siteId, productIds },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.collections(siteId) }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.products(siteId) }),
      ]),
  });
}

/** The site's currency, as the catalog answers it (every amount of the Shop pages is in its minor units). */
export function useShopCurrency(siteId: string) {
  return useQuery({
    queryKey: [...catalogKeys.products(siteId), 'currency'],
    queryFn: () => answer(client.GET('/_admin/v1/commerce/products', { params: { query: { siteId, limit: '1' } } })),
    select: (page) => page.currency,
  });
}

/** After the shop's currency changed (Taxes page): the catalog's answers, which carry it, are read again. */
export function useCurrencyChanged(siteId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.products(siteId) });
}
