import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountKit } from '../../../test-support/account-kit.js';
import { Browser } from '../../../test-support/sso-kit.js';
import { APP, Kit } from '../../../test-support/redirect-kit.js';

/** Hosted account pages through `membersAccount` redirect sessions (issue #34, docs/account-pages.md). */
let kit: Kit;
let acct: AccountKit;
let clock = Date.now();
beforeAll(async () => {
  kit = await Kit.start(() => clock);
  acct = new AccountKit(kit);
});
afterAll(() => kit.server.close());

type Violation = { field: string; description: string; ruleName: string };
const violations = (body: unknown): Violation[] =>
  (body as { details: { validationError: { fieldViolations: Violation[] } } }).details.validationError.fieldViolations;

const myMember = async (token: string) =>
  (await (
    await fetch(`${kit.server.url}/_api/members/v1/members/my`, { headers: { authorization: token } })
  ).json()) as {
    member: { profile: Record<string, unknown> };
  };

describe('ACCOUNT_INFO for a member', () => {
  it('opens once, straight to the page (no sign-in), with strict CSP, the member email and the way back', async () => {
    const m = await acct.member();
    const { res, body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    expect(res.status).toBe(200);
    expect(body.redirectSession.fullUrl.startsWith(`${kit.server.url}/oauth2/authorize?redirectSessionId=`)).toBe(true);
    const browser = new Browser();
    const { first, page, html } = await acct.open(browser, body.redirectSession.fullUrl);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`/members-account/info?redirectSessionId=${body.redirectSession.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'nonce-/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain(m.email);
    expect(html).toContain('Not verified yet');
    expect(html).toContain(`href="${APP.origin}/account-done"`);
    expect(html).toContain('name="firstName"');
    // The link works once; the page it opened stays usable in this browser only.
    expect((await new Browser().go(body.redirectSession.fullUrl)).status).toBe(400);
    const elsewhere = await new Browser().go(
      `${kit.server.url}/members-account/info?redirectSessionId=${body.redirectSession.id}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('Account page closed');
  });

  it('saves the name, phone, language and a shipping address; the member API shows them', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    const browser = new Browser();
    const { html } = await acct.open(browser, body.redirectSession.fullUrl);
    const res = await acct.post(browser, html, {
      action: 'profile',
      firstName: 'Ada <b>',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0000',
      language: 'fr',
      addressLine: '12 Rue de la Paix',
      city: 'Paris',
      postalCode: '75002',
      country: 'fr',
    });
    expect(res.status).toBe(200);
    const saved = await res.text();
    expect(saved).toContain('Vos modifications sont enregistrées.');
    expect(saved).toContain('value="Ada &#60;b&#62;"');
    // The country is one list of ISO codes named in the page's language (French now), the saved one chosen.
    expect(saved).toContain('<option value="FR" selected>France</option>');
    expect(saved).toContain('<option value="DE">Allemagne</option>');
    expect(saved).not.toMatch(/<input[^>]+name="country"/);
    const { profile } = (await myMember(m.accessToken)).member;
    expect(profile).toMatchObject({
      firstName: 'Ada <b>',
      lastName: 'Lovelace',
      language: 'fr',
      phones: ['+44 20 7946 0000'],
      addresses: [
        {
          tag: 'SHIPPING',
          address: { addressLine: '12 Rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
        },
      ],
    });
  });

  it('refuses a form without its CSRF field', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    const browser = new Browser();
    const { html } = await acct.open(browser, body.redirectSession.fullUrl);
    const res = await acct.post(browser, html.replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value="x"'), {
      action: 'profile',
      firstName: 'Mallory',
    });
    expect(res.status).toBe(403);
    expect((await myMember(m.accessToken)).member.profile.firstName).toBeUndefined();
  });

  it('changes the password within the fresh-sign-in window, asks for the current one after it', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    const browser = new Browser();
    const { html } = await acct.open(browser, body.redirectSession.fullUrl);
    const fresh = await acct.post(browser, html, { action: 'password', newPassword: 'a brand new passphrase 1' });
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('Your password is changed.');
    clock += 11 * 60 * 1000;
    try {
      const stale = await acct.post(browser, html, { action: 'password', newPassword: 'another new passphrase 2' });
      expect(stale.status).toBe(403);
      expect(await stale.text()).toContain('Enter your current password');
      const wrong = await acct.post(browser, html, {
        action: 'password',
        currentPassword: 'not it at all',
        newPassword: 'another new passphrase 2',
      });
      expect(wrong.status).toBe(400);
      const right = await acct.post(browser, html, {
        action: 'password',
        currentPassword: 'a brand new passphrase 1',
        newPassword: 'another new passphrase 2',
      });
      expect(right.status).toBe(200);
    } finally {
      clock -= 11 * 60 * 1000;
    }
    expect(await kit.sessionToken(m.email, 'another new passphrase 2')).toMatch(/\S{20,}/);
  });

  it('lists the sessions and signs out everywhere: the app token stops working, the page ends', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    const browser = new Browser();
    const { html } = await acct.open(browser, body.redirectSession.fullUrl);
    expect(html).toContain(`${APP.clientId} · signed in`);
    expect(html).toContain('this browser');
    const res = await acct.post(browser, html, { action: 'signout-all' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('All your sessions are signed out');
    const me = await fetch(`${kit.server.url}/_api/members/v1/members/my`, {
      headers: { authorization: m.accessToken },
    });
    expect(me.status).toBe(401);
    const after = await browser.go(
      `${kit.server.url}/members-account/info?redirectSessionId=${body.redirectSession.id}`,
    );
    expect(after.status).toBe(400);
  });

  it('deletes the account only once confirmed', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    const browser = new Browser();
    const { html } = await acct.open(browser, body.redirectSession.fullUrl);
    const unconfirmed = await acct.post(browser, html, { action: 'delete' });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm.');
    const count = async () =>
      (await kit.server.ctx.db.query('select id from members where id = $1', [m.memberId])).rows.length;
    expect(await count()).toBe(1);
    const res = await acct.post(browser, html, { action: 'delete', confirm: 'yes' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Account deleted');
    expect(await count()).toBe(0);
  });
});

describe('ORDERS for a member', () => {
  it('lists the member orders newest first, with lines and totals; no one else’s', async () => {
    const m = await acct.member();
    const other = await acct.member();
    const older = await acct.order(m.accessToken, m.memberId, 'Mug', 18, 2);
    const newer = await acct.order(m.accessToken, m.memberId, 'Pen', 1.5, 3);
    const foreign = await acct.order(other.accessToken, other.memberId, 'Lamp', 40, 1);
    const { body } = await acct.link('ORDERS', m.accessToken);
    const { first, html } = await acct.open(new Browser(), body.redirectSession.fullUrl);
    expect(first.headers.get('location')).toBe(`/members-account/orders?redirectSessionId=${body.redirectSession.id}`);
    expect(html.indexOf(`Order ${newer.number}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`Order ${newer.number}`)).toBeLessThan(html.indexOf(`Order ${older.number}`));
    expect(html).toContain('<bdi>Mug</bdi> × 2 · $36.00');
    expect(html).toContain('<bdi>Pen</bdi> × 3 · $4.50');
    expect(html).toContain('Total: $43.50'); // $36.00 and the demo's standard delivery to France, $7.50
    expect(html).not.toContain(foreign.number);
  });
});

describe('account links: sign-in first and refusals', () => {
  it('a visitor token gets the hosted sign-in first, then the section', async () => {
    const m = await acct.member();
    const visitor = await kit.visitor();
    const { body } = await acct.link('ORDERS', visitor.access_token);
    const browser = new Browser();
    const page = await browser.go(body.redirectSession.fullUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="password"');
    const signedIn = await kit.signInWithPassword(browser, { id: body.redirectSession.id, html } as never, m);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe(
      `/members-account/orders?redirectSessionId=${body.redirectSession.id}`,
    );
    const orders = await browser.go(`${kit.server.url}${signedIn.headers.get('location')}`);
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain('You have no orders yet.');
  });

  it('an ended session gets the sign-in page, not the account', async () => {
    const m = await acct.member();
    const { body: logout } = await kit.redirectSession({ logout: { clientId: APP.clientId } }, m.accessToken);
    await kit.open(logout.redirectSession.fullUrl);
    const { res, body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    expect(res.status).toBe(200);
    const page = await new Browser().go(body.redirectSession.fullUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
  });

  it('a link past its ten minutes has expired', async () => {
    const m = await acct.member();
    const { body } = await acct.link('ACCOUNT_INFO', m.accessToken);
    clock += 601 * 1000;
    try {
      expect((await new Browser().go(body.redirectSession.fullUrl)).status).toBe(400);
    } finally {
      clock -= 601 * 1000;
    }
  });

  it('refuses a foreign postFlowUrl', async () => {
    const m = await acct.member();
    const { res, body } = await acct.link('ACCOUNT_INFO', m.accessToken, {
      callbacks: { postFlowUrl: 'https://evil.test/steal' },
    });
    expect(res.status).toBe(400);
    expect(violations(body).map((v) => v.field)).toEqual(['callbacks.postFlowUrl']);
  });

  it.each(['BOOKINGS', 'SUBSCRIPTIONS', 'EVENTS'])('refuses %s: the site does not offer it', async (section) => {
    const m = await acct.member();
    const { res, body } = await acct.link(section, m.accessToken);
    expect(res.status).toBe(400);
    const [v] = violations(body);
    expect(v).toMatchObject({ field: 'membersAccount.section', ruleName: 'SECTION_NOT_OFFERED' });
    expect(v!.description).toContain(`${section}: this site does not offer`);
  });

  it.each([
    'bookingsCheckout',
    'eventsCheckout',
    'paidPlansCheckout',
    'storesProduct',
    'bookingsBook',
    'ecomOrderPaymentRequest',
  ])('refuses the unserved intent %s by name', async (intent) => {
    const { res, body } = await kit.redirectSession({ [intent]: { checkoutId: 'chk-1' }, callbacks: {} });
    expect(res.status).toBe(400);
    expect(violations(body)).toEqual([expect.objectContaining({ field: intent, ruleName: 'INTENT_NOT_SUPPORTED' })]);
  });

  it('ignores unknown preferences keys and carries lang: the Arabic page is right-to-left', async () => {
    const m = await acct.member();
    const { res, body } = await acct.link('ACCOUNT_INFO', m.accessToken, {
      preferences: { useGenericWixPages: false, somethingNew: { x: 1 }, additionalQueryParameters: { lang: 'ar' } },
    });
    expect(res.status).toBe(200);
    const { html } = await acct.open(new Browser(), body.redirectSession.fullUrl);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('معلومات الحساب');
  });
});
