import { I18nProvider } from '@lingui/react';
import { VitrineProvider } from '@vitrine/react';
import type { QueryCache, VitrineClientLike } from '@vitrine/react';
import { ConfigContext } from '../config/config-context.js';
import { i18n } from '../i18n/index.js';
import type { RuntimeConfig } from '../config/runtime-config.js';
import { CartProvider } from '../features/cart/CartProvider.js';
import { AppRoutes } from './AppRoutes.js';
import type { RouterLocation } from './router/index.js';
import type { ShopClient } from './shop-client.js';

export interface AppProps {
  config: RuntimeConfig;
  client: ShopClient;
  /** Relays token changes from other tabs. */
  subscribeToTokens?: (listener: () => void) => () => void;
  /** Full-page navigation (hosted login, logout); tests replace it. */
  navigate?: (url: string) => void;
  /** The queries the page was rendered with on the server (and, in the browser, hydrated with). */
  cache?: QueryCache;
  /** Server rendering: the requested location, and the language part of the address (`/fr`). */
  at?: RouterLocation;
  base?: string;
}

/** Expects a language to be active already (`activateLanguage`), so the first paint has its texts. */
export function App({ config, client, subscribeToTokens, navigate, cache, at, base }: AppProps) {
  return (
    <ConfigContext.Provider value={config}>
      <I18nProvider i18n={i18n}>
        <VitrineProvider
          client={client as unknown as VitrineClientLike}
          apiBaseUrl={config.apiBaseUrl}
          subscribeToTokens={subscribeToTokens}
          navigate={navigate}
          language={i18n.locale}
          cache={cache}
        >
          <CartProvider>
            <AppRoutes at={at} base={base} />
          </CartProvider>
        </VitrineProvider>
      </I18nProvider>
    </ConfigContext.Provider>
  );
}
