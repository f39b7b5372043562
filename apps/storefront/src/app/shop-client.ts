/**
 * The SDK client of the storefront: OAuthStrategy with tokens in `localStorage` (kept across reloads,
 * shared by the tabs of one shop), the data items module (information pages, media) and the catalog on the
 * Stores wire (`stores`, stores-module.ts). `coreItems` (query, get, insert, save,
 * update, remove) is all the shop calls; binding it keeps the bulk, reference, aggregate and patch code
 * out of the first load (about 1.6 KB gzip).
 */
import { OAuthStrategy, createClient, localStorageTokens } from '@vitrine/sdk';
import { coreItems } from '@vitrine/sdk/data';
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
    modules: { items: coreItems, stores: storesModule },
  });
  return { client, tokenStorage };
}

export type ShopClient = ReturnType<typeof createShopClient>['client'];
