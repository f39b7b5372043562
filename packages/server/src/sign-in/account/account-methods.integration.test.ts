import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountKit } from '../../../test-support/account-kit.js';
import { SoftwarePasskey } from '../../../test-support/software-passkey.js';
import { account, Browser, IDP, startSso, type SsoKit } from '../../../test-support/sso-kit.js';

/**
 * The ACCOUNT_INFO page's sign-in methods and second factors (issue #34, docs/account-pages.md): add an
 * authenticator app (QR code, then a code) and a passkey, remove a factor, connect and disconnect a
 * provider — each with the API's proof (a fresh sign-in, or the current password in the posted form).
 */
let sso: SsoKit;
let acct: AccountKit;
let offsetMs = 0;
beforeAll(async () => {
  sso = await startSso({
    now: () => Date.now() + offsetMs,
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off' } }),
  });
  acct = new AccountKit(sso.kit);
});
afterAll(() => sso?.close());

const stale = async <T>(run: () => Promise<T>): Promise<T> => {
  offsetMs += 11 * 60 * 1000;
  try {
    return await run();
  } finally {
    offsetMs -= 11 * 60 * 1000;
  }
};

async function infoPage() {
  const m = await acct.member();
  const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
  const browser = new Browser();
  const { html } = await acct.open(browser, body.redirectSession.fullUrl);
  return { m, browser, html, id: body.redirectSession.id as string };
}

const factorsOf = async (memberId: string) =>
  (
    await sso.kit.server.ctx.db.query<{ id: string; factor_type: string; status: string }>(
      'select id, factor_type, status from mfa_factors where member_id = $1 order by created_at',
      [memberId],
    )
  ).rows;

const code = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });

describe('second factors on the ACCOUNT_INFO page', () => {
  it('adds an authenticator app: QR code and key, a wrong code keeps the step, the right one turns it on with recovery codes', async () => {
    const { m, browser, html } = await infoPage();
    expect(html).toContain('Add an authenticator app');
    const started = await acct.post(browser, html, { action: 'methods', op: 'add-totp' });
    expect(started.status).toBe(200);
    const step = await started.text();
    expect(step).toMatch(/<img class="qr" src="data:image\/svg\+xml;utf8,%3Csvg/);
    const secret = /<code>([A-Z2-7]{16,})<\/code>/.exec(step)![1]!;
    const factorId = /name="factorId" value="([^"]+)"/.exec(step)![1]!;
    const wrong = await acct.post(browser, step, { action: 'totp', factorId, code: '000000' });
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain('This code is not correct.');
    expect(again).toContain(`<code>${secret}</code>`);
    const done = await acct.post(browser, again, { action: 'totp', factorId, code: code(secret) });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain('Your recovery codes');
    expect(page.match(/<li><code>/g)).toHaveLength(10);
    expect(page).not.toContain('Add an authenticator app');
    expect(await factorsOf(m.memberId)).toEqual([{ id: factorId, factor_type: 'TOTP', status: 'ACTIVE' }]);
  });

  it('adds a passkey through the page’s options and answer forms', async () => {
    const { m, browser, html } = await infoPage();
    expect(html).toContain('id="passkey" hidden>Add a passkey');
    const options = await acct.post(browser, html, { action: 'passkey-options' });
    expect(options.status).toBe(200);
    expect(options.headers.get('content-type')).toMatch(/^application\/json/);
    const o = (await options.json()) as { challengeId: string; publicKeyCredentialCreationOptionsJson: string };
    const credential = new SoftwarePasskey().register(o.publicKeyCredentialCreationOptionsJson, {
      origin: new URL(sso.kit.server.url).origin,
    });
    const added = await acct.post(browser, html, {
      action: 'passkey-add',
      challengeId: o.challengeId,
      credential: JSON.stringify(credential),
    });
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(page).toContain('Added.');
    expect(page).toContain('Remove Passkey');
    expect((await factorsOf(m.memberId)).map((f) => [f.factor_type, f.status])).toEqual([['WEBAUTHN', 'ACTIVE']]);
  });

  it('removes a factor: after the fresh-sign-in window only with the current password, sent in the form', async () => {
    const { m, browser, html } = await infoPage();
    const started = await (await acct.post(browser, html, { action: 'methods', op: 'add-totp' })).text();
    const secret = /<code>([A-Z2-7]{16,})<\/code>/.exec(started)![1]!;
    const factorId = /name="factorId" value="([^"]+)"/.exec(started)![1]!;
    const on = await (await acct.post(browser, started, { action: 'totp', factorId, code: code(secret) })).text();
    expect(on).toContain(`value="remove-factor:${factorId}"`);
    await stale(async () => {
      const refused = await acct.post(browser, on, { action: 'methods', op: `remove-factor:${factorId}` });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Enter your current password');
      const wrong = await acct.post(browser, on, {
        action: 'methods',
        op: `remove-factor:${factorId}`,
        methodsPassword: 'not the password',
      });
      expect(wrong.status).toBe(400);
      expect(await factorsOf(m.memberId)).toHaveLength(1);
      const removed = await acct.post(browser, on, {
        action: 'methods',
        op: `remove-factor:${factorId}`,
        methodsPassword: m.password,
      });
      expect(removed.status).toBe(200);
      expect(await removed.text()).toContain('Removed.');
    });
    expect(await factorsOf(m.memberId)).toEqual([]);
  });
});

describe('providers on the ACCOUNT_INFO page', () => {
  it('connects a provider (CSP lets the form lead there) and comes back to the page; disconnect needs the proof', async () => {
    const { m, browser, html, id } = await infoPage();
    expect(html).toContain(`value="connect:${IDP.id}"`);
    const res = await acct.post(browser, html, { action: 'methods', op: `connect:${IDP.id}` });
    expect(res.status).toBe(303);
    const authUrl = res.headers.get('location')!;
    expect(authUrl.startsWith(sso.provider.issuer)).toBe(true);
    const page = await browser.go(`${sso.kit.server.url}/members-account/info?redirectSessionId=${id}`);
    expect(page.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(sso.provider.issuer).origin}`,
    );
    // At the provider: sign in as a new account, then back through Vitrine's callback to the page.
    const subject = account(sso.provider, { email: `p-${id}@example.com`, email_verified: true });
    const atProvider = await browser.go(authUrl);
    const interaction = new URL(atProvider.headers.get('location')!, sso.provider.issuer).href;
    const loggedIn = await browser.go(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `login=${subject}`,
    });
    const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, sso.provider.issuer).href);
    const callback = await browser.go(resumed.headers.get('location')!);
    expect(callback.status).toBe(302);
    const back = callback.headers.get('location')!;
    expect(back).toBe(`${sso.kit.server.url}/members-account/info?redirectSessionId=${id}&connected=${IDP.id}`);
    const connected = await (await browser.go(back)).text();
    expect(connected).toContain(`${IDP.name} is connected`);
    expect(connected).toContain(`value="disconnect:${IDP.id}"`);

    await stale(async () => {
      const refused = await acct.post(browser, connected, { action: 'methods', op: `disconnect:${IDP.id}` });
      expect(refused.status).toBe(403);
      const done = await acct.post(browser, connected, {
        action: 'methods',
        op: `disconnect:${IDP.id}`,
        methodsPassword: m.password,
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Disconnected.');
    });
    const links = await sso.kit.server.ctx.db.query('select 1 from sso_identities where member_id = $1', [m.memberId]);
    expect(links.rows).toEqual([]);
  });

  it('a provider that does not answer: the page says so, nothing is connected', async () => {
    const { browser, html } = await infoPage();
    const res = await acct.post(browser, html, { action: 'methods', op: 'connect:downidp' });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('The provider is not answering.');
  });
});
