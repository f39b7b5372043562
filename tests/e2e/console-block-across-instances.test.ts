/**
 * A member action in the owner console is felt at once by every instance (#13): two servers on one database,
 * as behind a load balancer, in real headless Chromium against the BUILT console. A block made in the
 * console of one refuses the member's access token and refresh token on the other.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { createApp, type VitrineApp } from '../../packages/server/src/app.js';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';

const PASSWORD = 'console block across instances password';
let browser: Browser;
let server: TestServer;
let second: VitrineApp;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  // A second instance on the same database, as behind a load balancer.
  second = await createApp({ config: server.ctx.config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await second?.app.close();
  await server?.close();
});

describe('console block on two instances, in Chromium', () => {
  it('a block made on one instance refuses the member on another at once', { timeout: 60_000 }, async () => {
    const member = await registerMember(server);
    expect(member.state).toBe('SUCCESS');
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, {
        siteId: server.siteId,
        clientId: server.clientId,
        memberId: member.id,
      }),
    );
    const meOnSecond = () =>
      fetch(`${secondUrl}/_api/members/v1/members/my`, { headers: { authorization: session.accessToken } }).then(
        (r) => r.status,
      );
    expect(await meOnSecond()).toBe(200);

    const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { onlyOrigin: server.url, height: 740 });
    await page.goto(`${server.url}/console/members/${member.id}`);
    await page.getByRole('heading', { name: member.email }).waitFor();
    await page.getByRole('button', { name: 'Block' }).click();
    // Block asks first, in a dialog saying what will happen.
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
    await page.getByRole('status').filter({ hasText: 'Blocked' }).waitFor();
    expect(await meOnSecond()).toBe(401);
    const refresh = await fetch(`${secondUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'refresh_token',
        clientId: server.clientId,
        refreshToken: session.refreshToken,
      }),
    });
    expect(refresh.status).toBe(400);
    await page.context().close();
  });
});
