/** `auth.getAccountUrl` (issue #34) against a real @vitrine/server: the hosted account pages' links. */
import { AccountKit, APP, Kit } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';

let kit: Kit;
let acct: AccountKit;
beforeAll(async () => {
  kit = await Kit.start();
  acct = new AccountKit(kit);
});
afterAll(() => kit?.server.close());

const strategy = (tokens?: Parameters<typeof OAuthStrategy>[0]['tokens']) =>
  OAuthStrategy({ clientId: APP.clientId, baseUrl: kit.server.url, tokens });

describe('auth.getAccountUrl', () => {
  it('a member gets a link straight to the section, back to the postFlowUrl', async () => {
    const m = await acct.member();
    const auth = strategy({
      accessToken: { value: m.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: m.refreshToken, role: 'member' },
    });
    const { accountUrl } = await auth.getAccountUrl('ORDERS', { postFlowUrl: `${APP.origin}/shop` });
    expect(accountUrl.startsWith(`${kit.server.url}/oauth2/authorize?redirectSessionId=`)).toBe(true);
    const opened = await fetch(accountUrl, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/members-account\/orders\?redirectSessionId=/);
  });

  it('a visitor gets the hosted sign-in first; an unoffered section is refused by name', async () => {
    const auth = strategy();
    const { accountUrl } = await auth.getAccountUrl('ACCOUNT_INFO');
    const page = await fetch(accountUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    await expect(auth.getAccountUrl('BOOKINGS')).rejects.toMatchObject({ status: 400 });
  });
});
