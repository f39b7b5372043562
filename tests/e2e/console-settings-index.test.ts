/**
 * The console's Settings as the turn-5 review found them (issue #53), in headless Chromium against the BUILT
 * console at 1280 px and 390 px: one 10,358 px page becomes an index of groups, each a page of its own; the
 * second factors members may use carry human names and show the ones in force as checked (all were shown
 * unchecked while three were on); shipping is a form of methods with prices per list of countries, free
 * delivery above an amount and per-language names, instead of a JSON textarea. No serious axe violation,
 * nothing wider than the screen, and no console error or warning on the way.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { consoleSignIn, uniqueEmail } from './support/console.js';

const SHOTS = '/work/notes/shots/settings';
const PASSWORD = 'console settings index password';
const STANDARD = {
  id: 'standard',
  name: 'Standard delivery',
  description: '3–5 working days',
  rates: [{ countries: ['FR', 'BE'], amount: 4.9 }],
  freeAbove: 50,
};
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({ ...s, languages: ['en', 'fr'], shipping: { methods: [STANDARD] } }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** An owner signed in at `width`, with every console error and warning of the page collected. */
async function ownerAt(width: number): Promise<{ page: Page; problems: string[] }> {
  const email = uniqueEmail('owner');
  await addOwner(server, email, 'owner', PASSWORD);
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 860 : 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await consoleSignIn(page, server, email, PASSWORD);
  // From here on (the sign-in page is judged by console-signed-out-quiet.test.ts).
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, problems };
}

async function fitsAndAccessible(page: Page, width: number, where: string) {
  await expectAccessible(page, { where });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
}

const shippingAsServed = async () => {
  const res = await fetch(`${server.url}/_admin/v1/site-settings?siteId=${server.siteId}`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  const body = (await res.json()) as { sections: { name: string; fields?: { key: string; value?: unknown }[] }[] };
  return body.sections.find((s) => s.name === 'shipping')?.fields?.find((f) => f.key === 'shipping.methods')?.value;
};

describe('console Settings index, human labels and the shipping form', () => {
  for (const width of [1280, 390]) {
    it(
      `at ${width} px: an index of groups, factors in force checked, shipping as a form`,
      { timeout: 120_000 },
      async () => {
        const { page, problems } = await ownerAt(width);
        const size = width > 800 ? 'desk' : 'phone';

        // The index: a short page of links, not one long page of every form.
        await page.goto(`${server.url}/console/settings`);
        const index = page.getByRole('navigation', { name: 'Site settings' });
        await index.getByRole('link', { name: 'Shipping' }).waitFor();
        expect(await index.getByRole('link').allTextContents()).toEqual([
          'Shop',
          'Shipping',
          'Mail',
          'Sign-up and sign-in',
          'Sign-in providers',
          'Phone codes and push',
          'Apps and GraphQL',
          'Import and export',
          'Server configuration',
        ]);
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
        await fitsAndAccessible(page, width, 'index');
        await page.screenshot({ path: `${SHOTS}/${size}-01-settings-index.png`, fullPage: true });

        // Second factors: human names, the three in force by default checked.
        await index.getByRole('link', { name: 'Sign-up and sign-in' }).click();
        const factors = page.getByRole('group', { name: 'Second factors members may use' });
        await factors.waitFor();
        for (const name of ['Authenticator app', 'Email code', 'Passkey'])
          expect(await factors.getByRole('checkbox', { name }).isChecked(), name).toBe(true);
        expect(await factors.innerText()).not.toMatch(/TOTP|WEBAUTHN|EMAIL/);
        expect(await page.getByLabel('Second factors', { exact: true }).inputValue()).toBe('optional');
        await fitsAndAccessible(page, width, 'sign-in');
        await factors.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${size}-02-second-factors-checked.png` });

        // Push: "Web Push keys", not "Vapid".
        await page.goto(`${server.url}/console/settings/phone-and-push`);
        await page.getByRole('form', { name: 'Push approval of sign-ins' }).waitFor();
        expect(await page.getByText('Web Push keys', { exact: false }).count()).toBe(1);
        expect(await page.getByText(/^Vapid$/).count()).toBe(0);

        // Shipping: the demo method as a form (France and Belgium at 4.90, free above 50), no JSON.
        await page.goto(`${server.url}/console/settings/shipping`);
        const form = page.getByRole('form', { name: 'Delivery methods' });
        const standard = form.getByRole('group', { name: 'Standard delivery', exact: true });
        await standard.waitFor();
        expect(await form.locator('textarea').count()).toBe(0);
        const firstRate = standard.getByRole('group', { name: 'Countries of rate 1' });
        const chosen = (await firstRate.getByRole('listitem').allTextContents()).join(' | ').replace(/\s+/g, ' ');
        expect(chosen).toMatch(/France \(FR\)/);
        expect(chosen).toMatch(/Belgium \(BE\)/);
        expect(await standard.getByLabel('Price of rate 1 (USD)').inputValue()).toBe('4.9');
        expect(await standard.getByLabel('Free above (USD, optional)').inputValue()).toBe('50');

        // A new method: Germany and Austria at 12,50, named in French too.
        const id = `express-${size}`;
        await form.getByRole('button', { name: 'Add a delivery method' }).click();
        const added = form.getByRole('group', { name: 'New delivery method' });
        await added.getByLabel('Id').fill(id);
        await added.getByLabel('Name shoppers see').fill(`Express ${size}`);
        const express = form.getByRole('group', { name: `Express ${size}` });
        await express.getByLabel('Description (optional)').fill('Next working day');
        await express.getByLabel('Add a country').selectOption({ label: 'Germany' });
        await express.getByLabel('Add a country').selectOption({ label: 'Austria' });
        await express.getByRole('button', { name: 'Remove Austria' }).click();
        await express.getByLabel('Add a country').selectOption({ label: 'Austria' });
        await express.getByLabel('Price of rate 1 (USD)').fill('twelve');
        await express.getByText('Translations (French)').click();
        await express.getByLabel('Name in French').fill(`Express ${size} (fr)`);
        await express.getByLabel('Description in French').fill('Le jour ouvré suivant');
        // What cannot be read is said before anything is sent.
        await form.getByRole('button', { name: 'Save delivery methods' }).click();
        await form
          .getByRole('alert')
          .filter({ hasText: `Express ${size}, rate 1: the price must be an amount such as 4.90.` })
          .waitFor();
        await express.getByLabel('Price of rate 1 (USD)').fill('12,50');
        await fitsAndAccessible(page, width, 'shipping form');
        await express.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${size}-03-shipping-form.png`, fullPage: true });
        await form.getByRole('button', { name: 'Save delivery methods' }).click();
        await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

        const methods = (await shippingAsServed()) as { id: string }[];
        expect(methods.find((m) => m.id === 'standard')).toEqual(STANDARD);
        expect(methods.find((m) => m.id === id)).toEqual({
          id,
          name: `Express ${size}`,
          description: 'Next working day',
          rates: [{ countries: ['DE', 'AT'], amount: 12.5 }],
          translations: { fr: { name: `Express ${size} (fr)`, description: 'Le jour ouvré suivant' } },
        });
        // In force: checkout's methods include it.
        expect(server.ctx.sites.get(server.siteId)!.shipping?.methods.map((m) => m.id)).toContain(id);
        // A reload shows what was saved, as a form.
        await page.reload();
        await form
          .getByRole('group', { name: `Express ${size}` })
          .getByLabel('Price of rate 1 (USD)')
          .waitFor();
        expect(problems).toEqual([]);
        await page.context().close();
      },
    );
  }
});
