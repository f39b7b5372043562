import { useVitrine } from '@vitrine/react';
import type { ShopClient } from './shop-client.js';

/** The storefront's SDK client (auth + data items), from the provider. */
export function useShopClient(): ShopClient {
  return useVitrine().client as unknown as ShopClient;
}
