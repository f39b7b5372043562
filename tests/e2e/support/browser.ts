import { chromium, type Browser, type BrowserContextOptions, type CDPSession, type Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Headless Debian Chromium for the browser suites. The network flags matter here: without them
 * Chromium keeps dialling Google's hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PhonePageOptions extends Pick<BrowserContextOptions, 'acceptDownloads' | 'locale'> {
  /** Fails the test on any request to another origin: everything must come from the server itself. */
  onlyOrigin?: string;
  /** Per-step limit: a step that cannot happen fails quickly, naming the control, not at the test's limit. */
  stepTimeoutMs?: number;
  height?: number;
}

/** A page in a fresh context with a phone-sized viewport (375 wide). */
export async function newPhonePage(browser: Browser, options: PhonePageOptions = {}): Promise<Page> {
  const { onlyOrigin, stepTimeoutMs, height = 812, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 375, height }, ...contextOptions });
  const page = await context.newPage();
  if (onlyOrigin) page.on('request', (request) => expect(new URL(request.url()).origin).toBe(onlyOrigin));
  if (stepTimeoutMs) page.setDefaultTimeout(stepTimeoutMs);
  return page;
}

/**
 * A CTAP2 platform authenticator that always says yes (user present and verified), added through the
 * DevTools protocol, so WebAuthn ceremonies in `page` run without a person.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Makes a passkey in the page from the server's creation options (WebAuthn Level 3 JSON helpers). */
export function createPasskeyInPage(page: Page, optionsJson: string): Promise<PublicKeyCredentialJSON> {
  return page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(JSON.parse(json));
    return ((await navigator.credentials.create({ publicKey })) as PublicKeyCredential).toJSON();
  }, optionsJson);
}

/** Signs the server's request options with a passkey in the page. */
export function usePasskeyInPage(page: Page, optionsJson: string): Promise<PublicKeyCredentialJSON> {
  return page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(JSON.parse(json));
    return ((await navigator.credentials.get({ publicKey })) as PublicKeyCredential).toJSON();
  }, optionsJson);
}
