/**
 * The unmodified `@wix/redirects` (1.0.x) builds the redirect-session body from a fixed list of keys, and
 * `membersAccount` is not one of them: the account pages open only through `@vitrine/sdk` or raw HTTP
 * (docs/account-pages.md). This suite fails the day a release starts sending it, so the page can say so.
 */
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer();
});
afterAll(() => env?.close());

describe('unmodified @wix/redirects and the account pages', () => {
  it('drops membersAccount before sending: the server sees no intent', async () => {
    const client = createClient({
      modules: { redirects },
      auth: OAuthStrategy({ clientId: env.server.clientId }),
    });
    const options = { membersAccount: { section: 'ORDERS' } } as Parameters<
      typeof client.redirects.createRedirectSession
    >[0];
    const error = (await client.redirects.createRedirectSession(options).catch((e: unknown) => e)) as {
      details?: { validationError?: { fieldViolations?: { description?: string }[] } };
    };
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(error.details)).toContain('exactly one of auth, login, logout, membersAccount');
  });

  it('the same intent sent as raw HTTP opens the pages', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: env.server.clientId }) });
    const { headers } = await client.auth.getAuthHeaders();
    const res = await env.routing.realFetch(`${env.server.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: headers.Authorization! },
      body: JSON.stringify({ membersAccount: { section: 'ORDERS' } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { redirectSession: { fullUrl: string } }).redirectSession.fullUrl).toContain(
      '/oauth2/authorize?redirectSessionId=',
    );
  });
});
