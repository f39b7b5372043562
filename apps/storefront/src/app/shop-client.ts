/**
 * The SDK client of the storefront: OAuthStrategy with tokens in `localStorage` (kept across reloads,
 * shared by the tabs of one shop) and the catalog on the Stores wire (`stores`, stores-module.ts). The cart,
 * checkout and orders go through the eCom wire (app/ecom-fetch.ts); information pages are two plain data queries
 * (features/pages/pages-api.ts), so the data module stays out of the first load.
 */
import { OAuthStrategy, createClient, localStorageTokens } from '@vitrine/sdk';
import type { RuntimeConfig } from '../config/runtime-config.js';
import { storesModule } from './stores-module.js';

export function createShopClient(
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'clientId' | 'siteId'>,
  storageKey?: string,
) {
  // One key per shop and client, so two shops on one origin never share a session.
  const tokenStorage = localStorageTokens({
    key: storageKey ?? `vitrine.tokens.${config.siteId || 'site'}.${config.clientId}`,
  });
  const client = createClient({
    auth: OAuthStrategy({ clientId: config.clientId, baseUrl: config.apiBaseUrl, tokenStorage }),
    modules: { stores: storesModule },
  });
  return { client, tokenStorage };
}

export type ShopClient = ReturnType<typeof createShopClient>['client'];
