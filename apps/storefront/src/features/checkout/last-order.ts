import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context.js';

/**
 * The last order this browser placed, so the checkout can name it when the shopper comes back without its URL (Back
 * from the provider's page lands on `/checkout`, whose cart the order emptied). One per shop and client, in
 * `localStorage` like the cart's memory; only an id: the order itself is read with the shopper's own token, so
 * another shopper of this browser is answered nothing.
 */
export function useLastOrder() {
  const { siteId, clientId } = useRuntimeConfig();
  return useMemo(() => {
    const key = `vitrine.lastOrder.${siteId || 'site'}.${clientId}`;
    return {
      get: (): string | null => {
        try {
          return localStorage.getItem(key);
        } catch {
          return null;
        }
      },
      set: (orderId: string) => {
        try {
          localStorage.setItem(key, orderId);
        } catch {
          // Storage refused (private mode, full): the checkout simply cannot name the order later.
        }
      },
      forget: () => {
        try {
          localStorage.removeItem(key);
        } catch {
          // As above.
        }
      },
    };
  }, [siteId, clientId]);
}
