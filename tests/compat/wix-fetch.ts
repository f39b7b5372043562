import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { routeWixApis, type RoutedRequest } from '@vitrine/sdk/wix';

export type { RoutedRequest } from '@vitrine/sdk/wix';

type SiteConfig = Parameters<NonNullable<Parameters<typeof startTestServer>[0]>['site'] & {}>[0];

export interface WixRouting {
  restore(): void;
  /** Every request the clients addressed to Wix's hosts, in order. */
  seen: RoutedRequest[];
  /** The `fetch` from before the routing: requests a test makes itself, to the server directly. */
  realFetch: typeof fetch;
}

/**
 * The compat suites point the unmodified clients at a local server exactly as an app would: with the
 * published `@vitrine/sdk/wix` (docs/compatibility.md), recording which Wix host each call meant.
 */
export function routeWixToLocal(baseUrl: string): WixRouting {
  const realFetch = globalThis.fetch;
  const seen: RoutedRequest[] = [];
  const { restore } = routeWixApis(baseUrl, { onRequest: (request) => seen.push(request) });
  return { restore, seen, realFetch };
}

export interface WixClientServer {
  server: TestServer;
  routing: WixRouting;
  close(): Promise<void>;
}

/**
 * A test server with open sign-up policies and Wix's hosts routed to it. With `client`, its demo site
 * has one more client with the settings a client gets when its config says nothing more (rotation on,
 * config-files/sites.ts): `@wix/sdk` must keep its member sessions on those (docs/tokens.md#the-token-model).
 */
export async function startWixClientServer(
  client?: { clientId: string; redirectUri: string },
  site: (s: SiteConfig) => SiteConfig = (s) => s,
): Promise<WixClientServer> {
  const server = await startTestServer({
    site: (s) => {
      const base = site({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      });
      if (!client) return base;
      const origin = new URL(client.redirectUri).origin;
      return {
        ...base,
        clients: [
          ...base.clients,
          {
            clientId: client.clientId,
            redirectUris: [client.redirectUri],
            allowedOrigins: [origin],
            refreshTokenRotation: true,
          },
        ],
      };
    },
  });
  const routing = routeWixToLocal(server.url);
  return {
    server,
    routing,
    async close() {
      routing.restore();
      await server.close();
    },
  };
}
