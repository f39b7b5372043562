import { type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, withDevPhone, type TestServer, type TestServerOptions } from '@vitrine/server/test-support';
import { builtApps } from './apps.js';
import { launchChromium, newPhonePage } from './browser.js';
import { uniqueEmail } from './console.js';

/**
 * A test server serving the BUILT storefront, and the worker's Chromium: what every storefront suite's
 * `beforeAll` starts. `options.config` applies after the storefront is set. `react: 'development'` serves the
 * build with React's development build, for a suite about hydration warnings (./global-setup.ts).
 */
export async function startShop(
  options: TestServerOptions = {},
  { react = 'production' }: { react?: 'production' | 'development' } = {},
): Promise<{ server: TestServer; browser: Browser }> {
  const built = builtApps();
  const server = await startTestServer({
    ...options,
    config: (c) => {
      const shop = {
        ...c,
        storefrontDir: react === 'production' ? built.storefront : built.storefrontReactDevelopment,
      };
      return options.config ? options.config(shop) : shop;
    },
  });
  return { server, browser: await launchChromium() };
}

/** A site for the phone and push suites: codes on the dev phone, push without a real push service, no verification. */
export const phonePushSite: NonNullable<TestServerOptions['site']> = (s) =>
  withDevPhone({
    ...s,
    policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    push: { expirySeconds: 60, placeHeader: undefined, vapid: undefined },
  });

/**
 * The 6-digit code of the newest text or call the dev phone holds for `to` (its JSON, newest first), waiting up to
 * 10 s for the first one: the page's "Send a code" click returns before the server has sent it.
 */
export async function devPhoneCode(server: TestServer, to: string, channel: 'sms' | 'call'): Promise<string> {
  const read = async () =>
    (
      (await (await fetch(`${server.url}/_dev/phone.json?to=${encodeURIComponent(to)}`)).json()) as {
        messages: { channel: string; text: string }[];
      }
    ).messages;
  let messages = await read();
  for (const until = Date.now() + 10_000; messages.length === 0 && Date.now() < until; messages = await read())
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(messages.length, `the dev phone holds no message for ${to}`).toBeGreaterThan(0);
  const last = messages[0]!;
  expect(last.channel).toBe(channel);
  const digits =
    /#(\d{6})$/.exec(last.text)?.[1] ?? /(\d), (\d), (\d), (\d), (\d), (\d)\./.exec(last.text)?.slice(1, 7).join('');
  expect(digits).toMatch(/^\d{6}$/);
  return digits!;
}

/** The 6-digit code of the newest mail the dev mailbox holds for `email`. */
export async function mailedCode(server: TestServer, email: string): Promise<string> {
  const mail = (await (await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mail.messages[0]?.text ?? '')?.[1];
  expect(code, `a 6-digit code in the mail to ${email}`).toMatch(/^\d{6}$/);
  return code!;
}

export interface StorefrontSignUp {
  /** Where to start: a page already open on the storefront (its cart and tabs kept); a new phone-sized page if not given. */
  page?: Page;
  email?: string;
  password?: string;
}

/**
 * A shopper creates an account through the storefront's own forms and verifies their email, as a person
 * would: **Create account** (the link of the page's current view; the storefront's home first when the page
 * is not on it yet), **Email** and **Password**, **Create account**, then on the verify page (which offers
 * the dev mailbox) the 6-digit code read from the dev mailbox, **Verify**. Ends signed in (**Sign out**
 * shown). For a site that requires email verification, as the demo site does.
 */
export async function signUpInStorefront(
  browser: Browser,
  server: TestServer,
  { page, email = uniqueEmail('shopper'), password = 'a long enough password' }: StorefrontSignUp = {},
): Promise<{ page: Page; email: string; password: string }> {
  page ??= await newPhonePage(browser);
  if (!page.url().startsWith(server.url)) await page.goto(server.url);
  await openShopMenu(page);
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${server.url}/verify`);
  const mailbox = page.getByRole('link', { name: 'Open the dev mailbox' });
  expect(await mailbox.getAttribute('href')).toBe(`${server.url}/_dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByLabel('Verification code').fill(await mailedCode(server, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await signOut.waitFor();
  expect(await signOut.isVisible()).toBe(true);
  return { page, email, password };
}

/**
 * Opens the storefront header's Menu when the page is narrow enough to have one (phones: Create account, or
 * Account and Orders, and Language live there); does nothing on wider pages, where they sit in the row.
 */
export async function openShopMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', includeHidden: true });
  await menu.waitFor({ state: 'attached' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) != 'true') await menu.click();
}

/**
 * "Add to cart" on the `index`-th product of the page that can be added (in stock: sold-out cards' buttons are
 * off; products with options link to their page instead), then "Keep shopping" in the cart panel it opens (a
 * modal dialog: the rest of the page waits until it closes). Returns once the panel is gone.
 */
export async function addToCart(page: Page, index = 0): Promise<void> {
  await page.getByRole('button', { name: 'Add to cart', disabled: false }).nth(index).click();
  const panel = page.getByRole('dialog', { name: 'Added to your cart' });
  await panel.getByRole('button', { name: 'Keep shopping' }).click();
  await panel.waitFor({ state: 'hidden' });
}

export interface CheckoutDetails {
  /** A guest's email (members are not asked). */
  email?: string;
  /** A typed address; without it the member's saved address (chosen by default) is used. */
  address?: { name: string; street: string; postalCode: string; city: string; country: string };
  /** The start of the delivery method's name, e.g. "Standard delivery". */
  method: string;
}

/**
 * Fills the checkout page as a shopper does — email (guests), address, delivery method — then **Review
 * order**; returns once the review step shows.
 */
export async function fillCheckout(page: Page, details: CheckoutDetails): Promise<void> {
  if (details.email) await page.getByLabel('Email').fill(details.email);
  if (details.address) {
    const a = details.address;
    await page.getByLabel('Full name').fill(a.name);
    await page.getByLabel('Street and number').fill(a.street);
    await page.getByLabel('Postal code').fill(a.postalCode);
    await page.getByLabel('City').fill(a.city);
    await page.getByLabel('Country', { exact: true }).selectOption(a.country);
  }
  await page.getByRole('radio', { name: new RegExp(`^${details.method}`) }).check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('heading', { name: 'Review your order' }).waitFor();
}

/**
 * On the review step: **Pay $…** (the dev provider, the only way `npm start`'s demo offers), then on the dev
 * provider's page (`/_dev/pay/…`) **Pay $…** or **Decline**; returns once the provider sent the shopper back to the
 * storefront (the confirmation, or the checkout after a decline).
 */
export async function payOnDevPage(page: Page, action: 'pay' | 'decline' = 'pay'): Promise<void> {
  await page.getByRole('button', { name: /^Pay \S+$/ }).click();
  await page.waitForURL(/\/_dev\/pay\/devpay_/);
  if (action == 'pay') await page.getByRole('button', { name: /^Pay \S+$/ }).click();
  else await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(action == 'pay' ? /\/checkout\/confirmation\/[^/?]+$/ : /\/checkout\?order=/);
}

/**
 * Waits until React has hydrated every element the server sent: a hydrated element carries React's fiber
 * key, one in a Suspense boundary still waiting does not. `networkidle` is not enough on a busy machine, and
 * a screenshot before hydration sets an inline caret-color on the inputs, which React then reports as a
 * mismatch (Playwright's default `caret: 'hide'`).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = [...document.querySelectorAll('#root *')];
    return elements.length > 0 && elements.every((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')));
  });
}
