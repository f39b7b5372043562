/**
 * Renders the whole storefront (providers, router, pages) in jsdom against a REAL Vitrine server,
 * with the real SDK client and the real localStorage token adapter: what a shopper's browser runs,
 * minus the pixels. `reload()` unmounts and renders again from the same storage, like a page reload.
 */
import { cleanup, configure, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { App } from '../src/app/App.js';
import { createShopClient } from '../src/app/shop-client.js';
import { DEFAULT_CART_LIMITS } from '../src/config/runtime-config.js';
import type { CartLimits, RuntimeConfig } from '../src/config/runtime-config.js';
import { LANGUAGES, activateLanguage, initialLanguage } from '../src/i18n/index.js';
import type { LanguageCode } from '../src/i18n/index.js';
import { installHttpSilentLogin } from './direct-login.js';

// A real server on PGlite answers each of the page's reads and the eCom cart's round trips; with the whole suite on
// two cores (three workers, browsers beside) one answer can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

export interface ShopServer {
  url: string;
  clientId: string;
  siteId: string;
}

let renders = 0;

// Every catalog loaded up front, so a mount can start in any language synchronously, like a page
// whose catalog arrived with its config (main.tsx).
for (const { code } of LANGUAGES) await activateLanguage(code);

/**
 * `language`: start in this (already loaded) language instead of the stored or browser one, e.g. `pseudo`.
 * `cartLimits`: the caps the server's `/_vitrine/config.json` sends (default: the server's defaults).
 */
export function renderShop(
  server: ShopServer,
  path = '/',
  options: { language?: string; cartLimits?: CartLimits } = {},
) {
  // A storage key of its own: late writes of an earlier test's shop never leak into this one.
  const storageKey = `vitrine.tokens.test-${++renders}`;
  const config: RuntimeConfig = {
    apiBaseUrl: server.url,
    clientId: server.clientId,
    siteId: server.siteId,
    siteName: 'Test Shop',
    devMailbox: true,
    cartLimits: options.cartLimits ?? DEFAULT_CART_LIMITS,
  };
  const navigations: string[] = [];
  const mount = () => {
    // The stored choice, else English (jsdom's navigator says en-US): what main.tsx would pick.
    void activateLanguage((options.language as LanguageCode | undefined) ?? initialLanguage());
    const { client, tokenStorage } = createShopClient(config, storageKey);
    installHttpSilentLogin(client);
    render(
      <StrictMode>
        <App
          config={config}
          client={client}
          subscribeToTokens={tokenStorage.subscribe?.bind(tokenStorage)}
          navigate={(url) => navigations.push(url)}
        />
      </StrictMode>,
    );
    return client;
  };
  window.history.replaceState(null, '', path);
  let client = mount();
  return {
    get client() {
      return client;
    },
    navigations,
    /** Like a page reload: everything in memory is gone, storage stays. */
    reload(at = window.location.pathname + window.location.search) {
      cleanup();
      window.history.replaceState(null, '', at);
      client = mount();
    },
  };
}
