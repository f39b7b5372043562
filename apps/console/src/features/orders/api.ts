import { useQuery } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/**
 * The Overview's sales block (SalesSection). The orders themselves moved to the Shop group (features/shop, over
 * `/_admin/v1/commerce/orders`); this reads the sales overview only.
 */
export type { SalesOverview } from '../../api/types.js';

export function useSalesOverview(siteId: string) {
  return useQuery({
    queryKey: ['orders', siteId, 'overview'],
    queryFn: () => answer(client.GET('/_admin/v1/commerce/orders/overview', { params: { query: { siteId } } })),
  });
}
