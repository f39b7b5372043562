import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { assertQuietConsole, watchContext } from './console-guard.js';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` when installed, else `/usr/bin/chromium`. The
 * headless shell is the same Chromium build without the desktop browser around it, and what Playwright itself
 * runs for `headless: true`: the e2e project's CPU fell by a third with it (docs/testing.md).
 */
function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
}

/**
 * Headless Debian Chromium for the browser suites. The network flags matter here: without them
 * Chromium keeps dialling Google's hosts, which this machine's closed network refuses.
 */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
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

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, started by the first suite that asks (a start costs ~0.7 s of CPU and a run has
 * ~25 suites; suites run one after another in a worker). Each suite gets its own view of it: the contexts it
 * opens through `newContext` / `newPage`, which its `close()` closes, leaving the browser to the next suite.
 * Every page of those contexts is listened to (./console-guard.ts): `close()` fails on what a page logged outside
 * the tests (in a `beforeAll` or `afterAll`) that no test expected.
 */
export async function launchChromium(): Promise<Browser> {
  const running = shared && (await shared);
  if (!running?.isConnected()) shared = launch();
  const browser = await shared!;
  const opened = new Set<BrowserContext>();
  const own = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    watchContext(context);
    opened.add(context);
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return own;
      if (property === 'newPage') return async (options?: BrowserContextOptions) => (await own(options)).newPage();
      if (property === 'close')
        return async () => {
          await Promise.all([...opened].map((context) => context.close()));
          assertQuietConsole(false);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
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
