/**
 * Owner onboarding (issue #53, review t5 #8) through the BUILT console in real headless Chromium, one real server:
 * the first start's link lets the first owner give their own address instead of owner@localhost and lands on an
 * Overview whose setup checklist says, step by step, what the server is set up with (and hides on request); an
 * owner changes their address from Your account, with the password, through the link mailed to the new address
 * (read in the dev mailbox), and the old address is told. At 390 and 1280 px: axe finds no serious violation,
 * nothing scrolls sideways, and no page logs an error or warning.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { firstStartInvite } from '../../packages/server/test-support/boot.js';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { signedInOwner, uniqueEmail } from './support/console.js';
import { checkAtBothWidths, watchConsole } from './support/page-checks.js';

const PASSWORD = 'a long console password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, consoleDir: builtApps().console }) });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('owner onboarding in Chromium', () => {
  it(
    "the first owner gives their own address on the first start's link; the Overview's checklist reads the server",
    { timeout: 120_000 },
    async () => {
      const invite = (await firstStartInvite(server.ctx.config, server.ctx.db, 'owner@localhost', Date.now()))!;
      const page = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 15_000 });
      const { problems: messages } = watchConsole(page);
      await page.goto(`${server.url}${new URL(invite.setupUrl).pathname}${new URL(invite.setupUrl).search}`);
      await page.getByRole('heading', { name: 'Set up your console account' }).waitFor();
      // The review saw owner@localhost fixed; now it is a field the first owner types over.
      const email = page.getByLabel('Your email');
      await expect(email.inputValue()).resolves.toBe('owner@localhost');
      await checkAtBothWidths(page, 'owners-01-setup-link-own-email');
      const mine = uniqueEmail('founder');
      await email.fill(mine);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.getByRole('link', { name: `Your account: ${mine}` }).waitFor();

      // The checklist says what the server holds, step by step, each leading where it is done.
      const checklist = page.getByRole('region', { name: 'Set up your shop' });
      await checklist.waitFor();
      const state = (await (
        await fetch(`${server.url}/_admin/v1/overview/setup-checklist?siteId=${server.siteId}`, {
          headers: { authorization: `Bearer ${server.adminKey}` },
        })
      ).json()) as Json;
      const titles: Record<string, string> = {
        products: 'Add products',
        payments: 'Set up payments',
        shipping: 'Set up delivery',
        mail: 'Send mail',
        domain: 'Connect your domain',
      };
      for (const [id, title] of Object.entries(titles)) {
        const done = (state[id] as { done: boolean }).done;
        await checklist.getByRole('heading', { name: `${title} (${done ? 'done' : 'to do'})` }).waitFor();
      }
      // A test server sends no mail and answers on 127.0.0.1: those two are to do, and say how.
      expect(state.mail.done).toBe(false);
      expect(state.domain.done).toBe(false);
      await checklist.getByText('Mail is kept on the server, not sent').waitFor();
      await checklist.getByRole('link', { name: 'Set up mail' }).waitFor();
      await checkAtBothWidths(page, 'owners-02-overview-setup-checklist');

      // Hidden on request, still hidden after a reload, and back with one press.
      await checklist.getByRole('button', { name: 'Hide the checklist' }).click();
      await checklist.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.getByRole('button', { name: 'Show the setup checklist' }).click();
      await checklist.waitFor();

      // A step's link opens its page.
      await checklist.getByRole('link', { name: state.products.done ? 'Review products' : 'Add a product' }).click();
      await page.getByRole('heading', { name: /^(Products|New product)$/, level: 1 }).waitFor();

      // The address chosen signs in; owner@localhost is no account any more.
      const signIn = await fetch(`${server.url}/_admin/v1/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: mine, password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      expect(messages).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'an owner changes their address: password, a link mailed to the new one, the old one told',
    { timeout: 120_000 },
    async () => {
      const { page, email } = await signedInOwner(browser, server, 'editor', PASSWORD, { stepTimeoutMs: 15_000 });
      // The console's pages are judged here; the dev mailbox is a developer's page of its own.
      const { problems: messages } = watchConsole(page, { only: /^\/console/ });
      await page.getByRole('link', { name: `Your account: ${email}` }).click();
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      const newEmail = uniqueEmail('moved');
      await page.getByLabel('New email').fill(newEmail);
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Mail me a confirmation link' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `A confirmation link is on its way to ${newEmail}` })
        .waitFor();
      await checkAtBothWidths(page, 'owners-03-your-account-email-change');

      // The dev mailbox, as a developer reads it: the message to the new address, its link followed.
      await page.goto(`${server.url}/_dev/mail`);
      const message = page.locator('article').filter({ hasText: newEmail }).first();
      await message.getByRole('heading', { name: 'Vitrine console: confirm your new email address' }).waitFor();
      await message.getByRole('link', { name: /\/console\/confirm-email\?token=/ }).click();
      await page.getByRole('heading', { name: 'Confirm your new email' }).waitFor();
      await checkAtBothWidths(page, 'owners-04-confirm-new-email');
      await page.getByRole('button', { name: 'Confirm my new email' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `You now sign in with ${newEmail}` })
        .waitFor();
      await page.getByRole('link', { name: 'Open the console' }).click();
      await page.getByRole('link', { name: `Your account: ${newEmail}` }).waitFor();

      // The old address is told, in the same mailbox.
      await page.goto(`${server.url}/_dev/mail`);
      const notice = page.locator('article').filter({ hasText: email }).filter({ hasText: 'was changed' }).first();
      await notice.getByText(newEmail).first().waitFor();
      expect(messages).toEqual([]);
      await page.context().close();
    },
  );
});
