import { createClient, OAuthStrategy } from '@wix/sdk';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;

beforeAll(async () => {
  server = await startTestServer();
  routing = routeWixToLocal(server.url);
});
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('unmodified @wix/sdk: visitor tokens', () => {
  it('generateVisitorTokens gets a visitor access token and refresh token from /oauth2/token', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
    const tokens = await client.auth.generateVisitorTokens();
    expect(tokens.accessToken.value).toMatch(/^ey/);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000 + 14_000);
    expect(tokens.refreshToken).toMatchObject({ role: 'visitor' });
    expect(client.auth.loggedIn()).toBe(false);
    expect(routing.seen.some((r) => r.host === 'www.wixapis.com' && r.path === '/oauth2/token')).toBe(true);
  });

  it('renewToken keeps the visitor and returns a fresh access token', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
    const first = await client.auth.generateVisitorTokens();
    const renewed = await client.auth.renewToken(first.refreshToken);
    const sub = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub;
    expect(sub(renewed.accessToken.value)).toBe(sub(first.accessToken.value));
  });

  it('refreshes an expired access token with its refresh token before a call', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
    const first = await client.auth.generateVisitorTokens();
    client.auth.setTokens({
      accessToken: { value: first.accessToken.value, expiresAt: 1 },
      refreshToken: first.refreshToken,
    });
    const before = routing.seen.length;
    const headers = await client.auth.getAuthHeaders();
    expect(headers.headers.Authorization).toMatch(/^ey/);
    expect(headers.headers.Authorization).not.toBe(first.accessToken.value);
    expect(routing.seen.length).toBe(before + 1);
  });

  it('falls back to a new visitor when the refresh token is refused', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
    const tokens = await client.auth.generateVisitorTokens({
      refreshToken: { value: 'garbage', role: 'visitor' as never },
    });
    expect(tokens.accessToken.value).toMatch(/^ey/);
    expect(tokens.refreshToken.value).not.toBe('garbage');
  });

  it('surfaces the RFC 6749 error body for an unknown client', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: 'not-a-client' }) });
    await expect(client.auth.generateVisitorTokens()).rejects.toThrow(/invalid_client/);
  });
});
