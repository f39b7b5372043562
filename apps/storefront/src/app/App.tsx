import { I18nProvider } from '@lingui/react';
import { VitrineProvider } from '@vitrine/react';
import type { VitrineClientLike } from '@vitrine/react';
import { ConfigContext } from '../config/config-context.js';
import { i18n } from '../i18n/index.js';
import type { RuntimeConfig } from '../config/runtime-config.js';
import { CartProvider } from '../features/cart/CartProvider.js';
import { AppRoutes } from './AppRoutes.js';
import type { ShopClient } from './shop-client.js';

export interface AppProps {
  config: RuntimeConfig;
  client: ShopClient;
  /** Relays token changes from other tabs. */
  subscribeToTokens?: (listener: () => void) => () => void;
  /** Full-page navigation (hosted login, logout); tests replace it. */
  navigate?: (url: string) => void;
}

/** Expects a language to be active already (`activateLanguage`), so the first paint has its texts. */
export function App({ config, client, subscribeToTokens, navigate }: AppProps) {
  return (
    <ConfigContext.Provider value={config}>
      <I18nProvider i18n={i18n}>
        <VitrineProvider
          client={client as unknown as VitrineClientLike}
          apiBaseUrl={config.apiBaseUrl}
          subscribeToTokens={subscribeToTokens}
          navigate={navigate}
          language={i18n.locale}
        >
          <CartProvider>
            <AppRoutes />
          </CartProvider>
        </VitrineProvider>
      </I18nProvider>
    </ConfigContext.Provider>
  );
}
