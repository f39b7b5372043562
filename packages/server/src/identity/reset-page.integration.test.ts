import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/** The hosted reset page's own script, run in jsdom against the real server. */
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
useIpLimits({ recovery: { limit: 1000, windowSeconds: 900 } });
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

async function resetLinkFor(redirectUrl: string): Promise<{ email: string; link: string }> {
  const email = `page-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'old password 1' },
  });
  await call('POST', '/_api/iam/recovery/v1/send-email', {
    token: visitor,
    body: { email, redirect: { url: redirectUrl, clientId: server.clientId } },
  });
  const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return { email, link: /(http\S+\/reset-password\?token=\S+)/.exec(mail.body.messages[0].text)![1]! };
}

// jsdom ships without type declarations here; only its constructor is needed.
type JsdomCtor = new (
  html: string,
  options: { url: string; runScripts: 'dangerously'; beforeParse(window: object): void },
) => { window: { close(): void } };
const jsdomModule = 'jsdom';
const loadJsdom = async (): Promise<JsdomCtor> => ((await import(jsdomModule)) as { JSDOM: JsdomCtor }).JSDOM;

async function openPage(link: string) {
  const JSDOM = await loadJsdom();
  // jsdom implements neither fetch nor navigation, and its location is unforgeable: the page's one
  // navigation call is pointed at a recorder, and the real fetch is provided relative to the page.
  const html = (await (await fetch(link)).text()).replace('window.location.assign(', 'window.__navigate(');
  expect(html).toContain('window.__navigate(');
  const assigned: string[] = [];
  const dom = new JSDOM(html, {
    url: link,
    runScripts: 'dangerously',
    beforeParse(window) {
      Object.assign(window, {
        fetch: (input: string, init?: RequestInit) => fetch(new URL(input, link), init),
        __navigate: (url: string) => assigned.push(url),
      });
    },
  });
  const win = dom.window as unknown as Window & typeof globalThis;
  return { dom, win, assigned };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('reset page', () => {
  it('sets the new password through the API and sends the browser to the registered redirect', async () => {
    const target = `${server.url}/account`;
    const { email, link } = await resetLinkFor(target);
    const { win, assigned, dom } = await openPage(link);
    const doc = win.document;
    expect(doc.querySelector('label[for=password]')!.textContent).toBe('New password');
    expect(doc.querySelector('button')!.textContent).toBe('Set new password');
    (doc.getElementById('password') as HTMLInputElement).value = 'page password 123';
    doc.getElementById('f')!.dispatchEvent(new win.Event('submit', { cancelable: true }));
    await until(() => assigned.length > 0);
    expect(assigned).toEqual([target]);
    dom.window.close();
    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'page password 123' },
    });
    expect(login.body.state).toBe('SUCCESS');
  });

  it('shows the server’s message for a too-short password and for a spent link', async () => {
    const { link } = await resetLinkFor(`${server.url}/callback`);
    const { win, assigned, dom } = await openPage(link);
    const doc = win.document;
    (doc.getElementById('password') as HTMLInputElement).value = 'short';
    doc.getElementById('f')!.dispatchEvent(new win.Event('submit', { cancelable: true }));
    expect(doc.getElementById('msg')!.textContent).toContain('at least 8');
    await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: new URL(link).searchParams.get('token'), password: 'used elsewhere 1' },
    });
    (doc.getElementById('password') as HTMLInputElement).value = 'long enough password';
    doc.getElementById('f')!.dispatchEvent(new win.Event('submit', { cancelable: true }));
    await until(() => doc.getElementById('msg')!.textContent !== '');
    expect(doc.getElementById('msg')!.textContent).toContain('invalid, used or expired');
    expect(assigned).toEqual([]);
    dom.window.close();
  });
});
