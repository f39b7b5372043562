/**
 * A passkey the server refuses on the hosted second step (issue #14), in real headless Chromium with a
 * virtual authenticator: the member stays on the second step with a message they can act on and tries
 * again, instead of starting over at sign-in. The refusal is a real one: the server has seen a higher
 * sign counter than the authenticator now reports (what a cloned authenticator looks like); the retry
 * comes after the authenticator's counter moved past it.
 */
import { type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { addVirtualAuthenticator, launchChromium } from './support/browser.js';
import {
  hostedSignInUrl,
  memberWithPasskey,
  passwordToSecondStep,
  startPasskeyServer,
} from './support/passkey-server.js';

const PASSWORD = 'hosted passkey retry 52';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;

beforeAll(async () => {
  ({ server, origin } = await startPasskeyServer());
  browser = await launchChromium();
  page = await browser.newPage();
  ({ cdp, authenticatorId } = await addVirtualAuthenticator(page));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Puts the authenticator's copy of the passkey at `signCount` (the same key, a different counter). */
async function setAuthenticatorCounter(credentialId: string, signCount: number) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  const stored = credentials.find((c) => Buffer.from(c.credentialId, 'base64').toString('base64url') === credentialId)!;
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: stored.credentialId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...stored, signCount } });
}

describe('a refused passkey on the hosted second step', () => {
  for (const withTotp of [false, true]) {
    it(`keeps the member on the step with "could not be verified", and a retry signs in (${withTotp ? 'with an authenticator app too' : 'passkey only'})`, async () => {
      const { email, credentialId } = await memberWithPasskey(server, page, origin, { password: PASSWORD, withTotp });
      // The server saw a higher counter than the authenticator will send: the assertion is refused.
      await server.ctx.db.query('update mfa_factors set sign_count = 1000 where credential_id = $1', [credentialId]);
      await passwordToSecondStep(page, await hostedSignInUrl(server, origin), email, PASSWORD);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByText('The passkey could not be verified. Try again.').waitFor();
      await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/callback');
      // Not worded as a wrong typed code.
      expect(await page.getByText('That code is not right', { exact: false }).count()).toBe(0);

      await setAuthenticatorCounter(credentialId, 5000);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.waitForURL(/\/callback\?.*code=/);
    });
  }
});
