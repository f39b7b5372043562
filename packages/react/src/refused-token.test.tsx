/**
 * `authFetch` with the real `@vitrine/sdk` client against a small real HTTP server: when the server
 * refuses a member's access token (401: blocked, session ended elsewhere) and then their refresh token,
 * the session falls back to a visitor at once, so member-only pages see a signed-out shopper.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { useVitrine } from './context.js';
import { useSession } from './hooks.js';
import { VitrineProvider } from './provider.js';

let server: Server | undefined;
afterEach(async () => {
  cleanup();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** Refuses MEMBER-AT and the member's refresh token (the owner blocked them); visitors get VISITOR-AT. */
async function blockedMemberServer(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as { grantType?: string }) : {};
      seen.push(req.url == '/oauth2/token' ? `token ${body.grantType}` : `${req.url} ${req.headers.authorization}`);
      const [status, answer] =
        req.url != '/oauth2/token'
          ? req.headers.authorization == 'MEMBER-AT'
            ? [401, { message: 'session ended' }]
            : [200, { as: req.headers.authorization }]
          : body.grantType == 'refresh_token'
            ? [400, { error: 'invalid_grant' }]
            : [200, { access_token: 'VISITOR-AT', refresh_token: 'VISITOR-RT', expires_in: 14400 }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server!.address() as { port: number }).port}`, seen };
}

describe('authFetch and a refused member token', () => {
  it('turns the session into a visitor and answers with the retried call', async () => {
    const { url, seen } = await blockedMemberServer();
    const member: Tokens = {
      accessToken: { value: 'MEMBER-AT', expiresAt: 4e9 },
      refreshToken: { value: 'MEMBER-RT', role: 'member' },
    };
    const client = createClient({ auth: OAuthStrategy({ clientId: 'CID', baseUrl: url, tokens: member }) });
    let authFetch: ((path: string) => Promise<Response>) | undefined;
    function Probe() {
      authFetch = useVitrine().authFetch;
      return <p data-testid="status">{useSession().status}</p>;
    }
    render(
      <VitrineProvider client={client} apiBaseUrl={url}>
        <Probe />
      </VitrineProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('member');

    let answer: Response | undefined;
    await act(async () => void (answer = await authFetch!('/orders')));
    expect(answer!.status).toBe(200);
    expect(await answer!.json()).toEqual({ as: 'VISITOR-AT' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'));
    expect(seen).toEqual(['/orders MEMBER-AT', 'token refresh_token', 'token anonymous', '/orders VISITOR-AT']);
    expect(client.auth.getTokens().refreshToken.role).toBe('visitor');
  });
});
