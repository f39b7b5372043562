/**
 * useAccountUrl (issue #34) with the real `@vitrine/sdk` client against a real @vitrine/server: the link
 * it navigates to opens the hosted account page of the signed-in member.
 */
import '../test-support/real-server.js';
import { act, cleanup, render } from '@testing-library/react';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { AccountKit, APP, Kit } from '@vitrine/server/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAccountUrl, type AccountUrl } from './account.js';
import { VitrineProvider } from './provider.js';

let kit: Kit;
let acct: AccountKit;
beforeAll(async () => {
  kit = await Kit.start();
  acct = new AccountKit(kit);
}, 60_000);
afterAll(() => kit?.server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useAccountUrl', () => {
  it('navigates to a single-use link that opens the member’s ACCOUNT_INFO page', async () => {
    const m = await acct.member();
    const tokens: Tokens = {
      accessToken: { value: m.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
      refreshToken: { value: m.refreshToken, role: 'member' },
    };
    const client = createClient({ auth: OAuthStrategy({ clientId: APP.clientId, baseUrl: kit.server.url, tokens }) });
    const navigations: string[] = [];
    let account: AccountUrl | undefined;
    function Probe() {
      account = useAccountUrl();
      return null;
    }
    render(
      <VitrineProvider
        client={client}
        apiBaseUrl={kit.server.url}
        redirectUri={APP.redirectUri}
        navigate={(url) => navigations.push(url)}
      >
        <Probe />
      </VitrineProvider>,
    );
    await act(() => account!.openAccount('ACCOUNT_INFO', { postFlowUrl: `${APP.origin}/shop` }));
    expect(navigations).toHaveLength(1);
    const opened = await fetch(navigations[0]!, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/members-account\/info\?redirectSessionId=/);
    await expect(account!.getAccountUrl('EVENTS')).rejects.toMatchObject({ status: 400 });
  });
});
