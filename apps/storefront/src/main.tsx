import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryCache } from '@vitrine/react';
import { App } from './app/App.js';
import { routes } from './app/AppRoutes.js';
import { getLocation, matchPath, setBase } from './app/router/index.js';
import { createShopClient } from './app/shop-client.js';
import { fetchRuntimeConfig, runtimeConfigFrom } from './config/runtime-config.js';
import { activateLanguage, addressLanguage, i18n, initialLanguage, languageBase } from './i18n/index.js';
import type { ServerState } from './entry-server.js';

const container = document.getElementById('root')!;
// A server-rendered page (docs/storefront-rendering.md) carries the data it was rendered with.
const state = (() => {
  try {
    return JSON.parse(document.getElementById('vitrine-state')?.textContent ?? 'null') as ServerState | null;
  } catch {
    return null;
  }
})();

// The address names the language (`/fr/…`); without one, the shopper's earlier choice or browser decides,
// and the address then shows it.
const code = addressLanguage(location.pathname) ?? initialLanguage();
setBase(languageBase(code));
if (!addressLanguage(location.pathname) && code != 'en')
  history.replaceState(history.state, '', languageBase(code) + location.pathname + location.search + location.hash);
// The catalog of the shopper's language loads alongside the config: no extra round trip before the first paint.
const language = activateLanguage(code);
// A rendered page's own lazy part (with the texts of the language), fetched before hydrating (see lazyPage).
const page = state && language.then(() => routes.find((r) => matchPath(r.path, getLocation().pathname))?.preload?.());

Promise.all([state ? runtimeConfigFrom(state.config) : fetchRuntimeConfig(), language, page])
  .then(([config]) => {
    const { client, tokenStorage } = createShopClient(config);
    // Ask for visitor tokens now, while React renders: the catalog query then finds them ready.
    // (Concurrent token requests share one round trip, so the provider's own start costs nothing.)
    client.auth.getAuthHeaders().catch(() => undefined);
    // The rendered page's answers, when it was rendered in this language (a product's title, the categories).
    const rendered = state?.language == code ? state : null;
    const cache = new QueryCache();
    rendered?.queries.forEach(([hash, data]) => cache.setData(hash, () => data));
    const app = (
      <StrictMode>
        <App
          config={config}
          client={client}
          subscribeToTokens={tokenStorage.subscribe?.bind(tokenStorage)}
          cache={cache}
        />
      </StrictMode>
    );
    // Hydrated when the server rendered this page in this language; else rendered afresh.
    if (rendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  })
  .catch((error: unknown) => {
    console.error(error);
    createRoot(container).render(
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
