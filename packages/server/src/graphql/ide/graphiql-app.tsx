/**
 * The browser side of the development GraphiQL page (`/graphql`). Bundled with React by
 * scripts/build.mjs into dist/graphiql/ so the page loads nothing from another origin; the server sends
 * it with a nonce-only CSP (graphql/ide/page.ts). Queries go to `/graphql/alpha` with the headers typed
 * in GraphiQL's Headers tab (e.g. `{"Authorization": "<access token or API key>"}`).
 */
import { GraphiQL, type GraphiQLProps } from 'graphiql';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import 'graphiql/graphiql.css';

// Radix dialogs add <style> elements through get-nonce; the page's CSP only lets in styles with its nonce.
setNonce(document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '');

const EXAMPLE = `# Vitrine GraphQL (development only). Headers tab: {"Authorization": "<token or API key>"}
{
  me { id loginEmail }
}
`;

/** A plain fetch POST: the toolkit's fetcher would also pull in a websocket client we have no use for. */
const fetcher: GraphiQLProps['fetcher'] = async (params, options) => {
  const response = await fetch('/graphql/alpha', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options?.headers as Record<string, string> | undefined) },
    body: JSON.stringify(params),
  });
  return response.json();
};

createRoot(document.getElementById('graphiql')!).render(
  <GraphiQL fetcher={fetcher} defaultQuery={EXAMPLE} isHeadersEditorEnabled />,
);
