import { routeWixToLocal, startTestServer, type TestServer } from '@vitrine/server/test-support';

// The compat suites' fetch routing (docs/wire-format.md §12) lives with the other test helpers of the server.
export { routeWixToLocal, type RoutedRequest } from '@vitrine/server/test-support';

type SiteConfig = Parameters<NonNullable<Parameters<typeof startTestServer>[0]>['site'] & {}>[0];

export interface WixClientServer {
  server: TestServer;
  routing: ReturnType<typeof routeWixToLocal>;
  close(): Promise<void>;
}

/**
 * A test server whose demo site has one more client as the unmodified `@wix/sdk` needs it (it keeps its
 * first refresh token, so rotation is off), with open sign-up policies, and Wix's hosts routed to it.
 */
export async function startWixClientServer(
  client: { clientId: string; redirectUri: string },
  site: (s: SiteConfig) => SiteConfig = (s) => s,
): Promise<WixClientServer> {
  const server = await startTestServer({
    site: (s) => {
      const base = site({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      });
      const origin = new URL(client.redirectUri).origin;
      return {
        ...base,
        clients: [
          ...base.clients,
          {
            clientId: client.clientId,
            redirectUris: [client.redirectUri],
            allowedOrigins: [origin],
            refreshTokenRotation: false,
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
