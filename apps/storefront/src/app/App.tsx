import { VitrineProvider } from '@vitrine/react';
import type { VitrineClientLike } from '@vitrine/react';
import { ConfigContext } from '../config/config-context.js';
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

export function App({ config, client, subscribeToTokens, navigate }: AppProps) {
  return (
    <ConfigContext.Provider value={config}>
      <VitrineProvider
        client={client as unknown as VitrineClientLike}
        apiBaseUrl={config.apiBaseUrl}
        subscribeToTokens={subscribeToTokens}
        navigate={navigate}
      >
        <CartProvider>
          <AppRoutes />
        </CartProvider>
      </VitrineProvider>
    </ConfigContext.Provider>
  );
}
