import { type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { addOwner, type TestServer } from '@vitrine/server/test-support';
import { newPhonePage, type PhonePageOptions } from './browser.js';

export const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The console's sign-in form, until the signed-in shell shows **Sign out**. */
export async function consoleSignIn(page: Page, server: TestServer, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/console/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A new console owner with `role`, signed in on a phone-sized page of its own. */
export async function signedInOwner(
  browser: Browser,
  server: TestServer,
  role: string,
  password: string,
  options: PhonePageOptions = {},
): Promise<{ page: Page; email: string }> {
  const email = uniqueEmail(role);
  await addOwner(server, email, role, password);
  const page = await newPhonePage(browser, options);
  await consoleSignIn(page, server, email, password);
  return { page, email };
}

/** A member registered through the API for `clientId` (the demo client when not given); `state` is what registration answered. */
export async function registerMember(
  server: TestServer,
  { clientId = server.clientId, email = uniqueEmail('shopper'), password = 'correct horse battery' } = {},
): Promise<{ id: string; email: string; state: string }> {
  const visitor = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({ loginId: { email }, password }),
  });
  const body = (await res.json()) as { state: string; identity: { id: string } };
  expect(body.identity?.id, `registration answered ${JSON.stringify(body)}`).toEqual(expect.any(String));
  return { id: body.identity.id, email, state: body.state };
}
