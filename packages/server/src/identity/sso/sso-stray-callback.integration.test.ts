/**
 * A stray callback does not spend the legitimate browser's pending sign-in (audit S-17): a second tab
 * with a wrong state, the right callback address opened in another browser (with no flow cookie, or with
 * that browser's own), and a provider error carrying the right state from another browser each get an
 * error page; the browser that started the sign-in then completes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf } from '../../../test-support/redirect-kit.js';
import { account, Browser, startSso, toCallback, type SsoKit } from '../../../test-support/sso-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso();
});
afterAll(async () => {
  await sso?.close();
});

/** A sign-in waiting at Vitrine's callback in `browser`. */
async function pendingSignIn(browser: Browser) {
  const id = account(sso.provider, { email: `stray-${Date.now()}-${Math.random()}@shop.test`, email_verified: true });
  const flow = await toCallback(sso, browser, id);
  return { flow, callback: new URL(flow.callback!) };
}

/** The legitimate browser's callback ends at the client with a code that exchanges for tokens. */
async function completes(browser: Browser, flow: Awaited<ReturnType<typeof pendingSignIn>>['flow']) {
  const done = await browser.go(flow.callback!);
  expect(done.status).toBe(302);
  expect(done.headers.get('location')!.startsWith(APP.redirectUri)).toBe(true);
  const code = fragmentOf(done.headers.get('location')).get('code');
  const tokens = await sso.kit.exchange({ code, codeVerifier: flow.p.verifier, redirectUri: APP.redirectUri });
  expect(tokens.status).toBe(200);
}

describe('a stray SSO callback leaves the pending sign-in to its browser', () => {
  it('a second tab of the same browser with a wrong state', async () => {
    const browser = new Browser();
    const { flow, callback } = await pendingSignIn(browser);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    const stray = await browser.go(forged.href);
    expect(stray.status).toBe(400);
    expect(await stray.text()).toContain('Sign-in expired');
    await completes(browser, flow);
  });

  it('the right callback opened in another browser, without the flow cookie and with its own', async () => {
    const browser = new Browser();
    const { flow, callback } = await pendingSignIn(browser);
    const bare = await new Browser().go(callback.href);
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('started in another browser');
    // An attacker's browser holding a flow cookie of its own sign-in.
    const attacker = new Browser();
    await pendingSignIn(attacker);
    const withOwnCookie = await attacker.go(callback.href);
    expect(withOwnCookie.status).toBe(400);
    expect(await withOwnCookie.text()).toContain('started in another browser');
    await completes(browser, flow);
  });

  it('error=access_denied with the right state from another browser', async () => {
    const browser = new Browser();
    const { flow, callback } = await pendingSignIn(browser);
    const denied = new URL(callback.origin + callback.pathname);
    denied.searchParams.set('state', callback.searchParams.get('state')!);
    denied.searchParams.set('error', 'access_denied');
    const stray = await new Browser().go(denied.href);
    expect(stray.status).toBe(400);
    expect(await stray.text()).toContain('started in another browser');
    await completes(browser, flow);
  });

  it('the legitimate browser cancelling at the provider does spend it (the control)', async () => {
    const browser = new Browser();
    const { flow, callback } = await pendingSignIn(browser);
    const denied = new URL(callback.origin + callback.pathname);
    denied.searchParams.set('state', callback.searchParams.get('state')!);
    denied.searchParams.set('error', 'access_denied');
    expect((await browser.go(denied.href)).status).toBe(400);
    const after = await browser.go(flow.callback!);
    expect(after.status).toBe(400);
    expect(await after.text()).toContain('Sign-in expired');
  });
});
