import { type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { newPhonePage } from './browser.js';
import { uniqueEmail } from './console.js';

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
 * "Add to cart" on the `index`-th product of the page, then "Keep shopping" in the cart panel it opens
 * (a modal dialog: the rest of the page waits until it closes). Returns once the panel is gone.
 */
export async function addToCart(page: Page, index = 0): Promise<void> {
  await page.getByRole('button', { name: 'Add to cart' }).nth(index).click();
  const panel = page.getByRole('dialog', { name: 'Added to your cart' });
  await panel.getByRole('button', { name: 'Keep shopping' }).click();
  await panel.waitFor({ state: 'hidden' });
}
