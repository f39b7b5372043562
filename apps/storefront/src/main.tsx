import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createShopClient } from './app/shop-client.js';
import { fetchRuntimeConfig } from './config/runtime-config.js';
import { activateLanguage, i18n, initialLanguage } from './i18n/index.js';

const root = createRoot(document.getElementById('root')!);

// The catalog of the shopper's language loads alongside the config: no extra round trip before the first paint.
const language = activateLanguage(initialLanguage());

Promise.all([fetchRuntimeConfig(), language])
  .then(([config]) => {
    const { client, tokenStorage } = createShopClient(config);
    // Ask for visitor tokens now, while React renders: the catalog query then finds them ready.
    // (Concurrent token requests share one round trip, so the provider's own start costs nothing.)
    client.auth.getAuthHeaders().catch(() => undefined);
    root.render(
      <StrictMode>
        <App config={config} client={client} subscribeToTokens={tokenStorage.subscribe?.bind(tokenStorage)} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <main className="site-main" id="main">
        {/* English when even the catalog could not be loaded. */}
        <h1>{i18n.locale ? i18n._('app.unavailable.title') : 'The shop is not available right now'}</h1>
        <p>
          {i18n.locale
            ? i18n._('app.unavailable.body')
            : 'Its configuration could not be loaded. Please reload the page in a moment.'}
        </p>
      </main>,
    );
  });
