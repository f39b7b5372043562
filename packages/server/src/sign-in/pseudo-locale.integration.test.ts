import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../config/types.js';
import { catalogOf, registerCatalog, type Catalog } from '../i18n/index.js';
import { Kit, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';
import { startTestServer } from '../../test-support/server.js';
import { Secret, TOTP } from 'otpauth';

/** A member without names is shown by their nickname, by default the address's local part (issue #52). */
const nicknameOf = (email: string) => email.slice(0, email.lastIndexOf('@'));

/**
 * The pseudo-locale check (issue #18): with a catalog whose every message is wrapped as ⟦…⟧, every
 * hosted page is rendered and no visible text may stand outside those brackets — a hard-coded English
 * word anywhere on a page (a new button, an error) fails here with the text it found.
 */
const PSEUDO = 'en-XA';
const SHOP = 'Pseudo Shop';
const PROVIDER = 'Pseudo IdP';
registerCatalog(PSEUDO, Object.fromEntries(Object.entries(catalogOf('en')!).map(([k, v]) => [k, `⟦${v}⟧`])) as Catalog);

const pseudoSite =
  (policies: Partial<SiteConfig['policies']>) =>
  (site: SiteConfig): SiteConfig => {
    const s = withRedirectClient(site);
    return {
      ...s,
      name: SHOP,
      languages: ['en', PSEUDO],
      policies: { ...s.policies, ...policies },
      identityProviders: [
        {
          id: 'idp',
          type: 'oidc',
          name: PROVIDER,
          issuer: 'https://idp.invalid',
          clientId: 'c',
          clientSecret: undefined,
          scopes: ['openid'],
          linkByVerifiedEmail: false,
          responseMode: 'query',
        },
      ],
    };
  };

let kit: Kit;
let verifying: Kit;
beforeAll(async () => {
  [kit, verifying] = await Promise.all([
    startTestServer({ site: pseudoSite({}) }).then((server) => new Kit(server)),
    startTestServer({ site: pseudoSite({ emailVerification: 'required' }) }).then((server) => new Kit(server)),
  ]);
});
afterAll(async () => {
  await Promise.all([kit.server.close(), verifying.server.close()]);
});

/** Visible text (text nodes, the title, accessible-name attributes) left once catalog output and data are removed. */
function strayText(html: string, data: string[] = []): string[] {
  const d = new JSDOM(html).window.document;
  // The body's text nodes joined: a message with markup inside (<strong>{email}</strong>) stays one ⟦…⟧ span.
  const body: string[] = [];
  const walker = d.createTreeWalker(d.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (!n.parentElement?.closest('script,style')) body.push(n.textContent ?? '');
  const texts = [d.title, body.join(' ')];
  for (const el of d.querySelectorAll(
    '[placeholder],[aria-label],[title],[alt],input[type=submit],input[type=button]',
  )) {
    for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'value'])
      if ((el.getAttribute(name) && name !== 'value') || el.matches('input[type=submit],input[type=button]'))
        texts.push(el.getAttribute(name) ?? '');
  }
  return texts
    .map((t) => [SHOP, ...data].reduce((rest, allowed) => rest.split(allowed).join(''), t.replace(/⟦[^⟧]*⟧/g, '')))
    .map((t) => t.replace(/[\s·—]/g, ''))
    .filter(Boolean);
}

const expectAllFromCatalog = (name: string, html: string, data: string[] = []) => {
  expect(new JSDOM(html).window.document.documentElement.getAttribute('lang'), name).toBe(PSEUDO);
  expect(strayText(html, data), name).toEqual([]);
};

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

async function form(k: Kit, intent: Record<string, unknown> = k.authRequest(pkce()), view = '') {
  const { body } = await k.redirectSession({ ...intent, preferences: { additionalQueryParameters: { lang: PSEUDO } } });
  const url = body.redirectSession.fullUrl;
  const res = await k.open(`${url}${view}`);
  const html = await res.text();
  const post = (fields: Record<string, string>) =>
    k.submitForm(url, res, html, { redirectSessionId: body.redirectSession.id, ...fields });
  return { url, html, status: res.status, post };
}

describe('pseudo-locale: no hosted page shows text that is not from the catalog', () => {
  it('the check itself finds text outside the brackets, in markup, titles and accessible names', () => {
    expect(
      strayText(
        '<html><head><title>⟦T⟧ · Pseudo Shop</title></head><body><p>⟦A <b>x</b> b⟧ Hello</p><button aria-label="Close">⟦X⟧</button></body></html>',
      ),
    ).toEqual(['Hello', 'Close']);
  });

  it('sign in (with a provider button), create account, forgot password, and their errors and notices', async () => {
    const signin = await form(kit);
    expect(signin.html).toContain(`⟦Continue with ${PROVIDER}⟧`);
    expectAllFromCatalog('sign in', signin.html);
    expectAllFromCatalog('create account', (await form(kit, undefined, '&view=register')).html);
    expectAllFromCatalog('forgot password', (await form(kit, undefined, '&view=forgot')).html);
    const email = 'pseudo-nobody@example.com';
    expectAllFromCatalog(
      'wrong password',
      await (await signin.post({ action: 'signin', email, password: 'wrong password 1' })).text(),
    );
    expectAllFromCatalog(
      'bad email',
      await (await signin.post({ action: 'signin', email: 'not-an-email', password: 'x' })).text(),
    );
    const register = await form(kit, undefined, '&view=register');
    expectAllFromCatalog(
      'weak password',
      await (await register.post({ action: 'register', email, password: 'short' })).text(),
    );
    expectAllFromCatalog(
      'csrf',
      await (await signin.post({ action: 'signin', email, password: 'x', csrf: 'forged' })).text(),
    );
    expectAllFromCatalog('unknown action', await (await signin.post({ action: 'dance' })).text());
    expectAllFromCatalog('reset link sent', await (await signin.post({ action: 'forgot', email })).text());
  });

  it('code entry after registration and a wrong code', async () => {
    const register = await form(verifying, undefined, '&view=register');
    const email = `pseudo-${Date.now()}@example.com`;
    const verify = await (await register.post({ action: 'register', email, password: 'pseudo password 12' })).text();
    expectAllFromCatalog('verify', verify, [email]);
    const stateToken = hiddenValue(verify, 'stateToken')!;
    expectAllFromCatalog(
      'wrong code',
      await (await register.post({ action: 'verify', code: '000000', stateToken, email })).text(),
      [email],
    );
  });

  it('the second step with an authenticator app and a recovery code', async () => {
    const m = await kit.member();
    const session = await kit.server.ctx.db.transaction((tx) =>
      kit.server.ctx.tokens.createMemberSession(tx, {
        siteId: kit.server.siteId,
        clientId: 'shop-app',
        memberId: m.memberId,
      }),
    );
    const added = (await (
      await kit.post('/_api/iam/mfa/v1/factors', { factorType: 'TOTP' }, { authorization: session.accessToken })
    ).json()) as { factor: { factorId: string }; totp: { secret: string } };
    const code = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(added.totp.secret),
    }).generate();
    await kit.post(
      `/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`,
      { code },
      { authorization: session.accessToken },
    );
    const signin = await form(kit);
    const second = await (await signin.post({ action: 'signin', email: m.email, password: m.password })).text();
    expect(second).toContain('name="recoveryCode"');
    expectAllFromCatalog('second step', second);
    const wrong = code === '000000' ? '111111' : '000000';
    expectAllFromCatalog(
      'wrong second-step code',
      await (
        await signin.post({
          action: 'mfa',
          factor: 'TOTP',
          code: wrong,
          stateToken: hiddenValue(second, 'stateToken')!,
        })
      ).text(),
    );
  });

  it('message pages: invalid link, signed in, sign-out question, signed out', async () => {
    expectAllFromCatalog(
      'invalid link',
      await (await fetch(`${kit.server.url}/oauth2/authorize?redirectSessionId=nope&lang=${PSEUDO}`)).text(),
    );
    const m = await kit.member();
    const visitorLogin = await kit.redirectSession(
      { login: {}, preferences: { additionalQueryParameters: { lang: PSEUDO } } },
      m.visitor.access_token,
    );
    const page = await kit.open(visitorLogin.body.redirectSession.fullUrl);
    const html = await page.text();
    const signedIn = await kit.submitForm(visitorLogin.body.redirectSession.fullUrl, page, html, {
      redirectSessionId: visitorLogin.body.redirectSession.id,
      action: 'signin',
      email: m.email,
      password: m.password,
    });
    expectAllFromCatalog('signed in', await signedIn.text());
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const logout = await kit.redirectSession({
      logout: { clientId: 'shop-app' },
      preferences: { additionalQueryParameters: { lang: PSEUDO } },
    });
    const confirm = await kit.open(logout.body.redirectSession.fullUrl, cookie);
    const confirmHtml = await confirm.text();
    expectAllFromCatalog('sign out?', confirmHtml);
    const out = await fetch(logout.body.redirectSession.fullUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${cookie}; ${cookiePair(confirm, 'vitrine_csrf')}`,
      },
      body: new URLSearchParams({
        redirectSessionId: logout.body.redirectSession.id,
        csrf: hiddenValue(confirmHtml, 'csrf')!,
      }),
    });
    expectAllFromCatalog('signed out', await out.text());
  });

  it('the account chooser of prompt=select_account', async () => {
    const m = await kit.member();
    const signin = await form(kit);
    const signedIn = await signin.post({ action: 'signin', email: m.email, password: m.password });
    const { body } = await kit.redirectSession({
      ...kit.authRequest(pkce(), {}, 'select_account'),
      preferences: { additionalQueryParameters: { lang: PSEUDO } },
    });
    const chooser = await kit.open(body.redirectSession.fullUrl, cookiePair(signedIn, 'vitrine_sso'));
    const html = await chooser.text();
    expect(html).toContain(`⟦Continue as ${nicknameOf(m.email)}⟧`);
    expectAllFromCatalog('account chooser', html, [m.email]);
  });

  it("provider sign-in pages: an unknown option (language from the button's address) and an expired callback (from Accept-Language)", async () => {
    const signin = await form(kit);
    const href = new JSDOM(signin.html).window.document.querySelector('.sso-button')!.getAttribute('href')!;
    expect(new URL(href, kit.server.url).searchParams.get('lang')).toBe(PSEUDO);
    const unknown = await fetch(new URL(href.replace('/idp?', '/nope?'), kit.server.url));
    expect(unknown.status).toBe(404);
    expectAllFromCatalog('unknown provider', await unknown.text());
    const expired = await fetch(`${kit.server.url}/_api/iam/authentication/v1/sso/callback?state=nope&code=x`, {
      headers: { 'accept-language': PSEUDO },
    });
    expect(expired.status).toBe(400);
    expectAllFromCatalog('expired provider sign-in', await expired.text());
  });

  it('the reset-password page, its script messages, and its invalid-link answer', async () => {
    expectAllFromCatalog(
      'reset link invalid',
      await (await fetch(`${kit.server.url}/reset-password?token=nope&lang=${PSEUDO}`)).text(),
    );
    const m = await kit.member();
    await kit.post(
      '/_api/iam/recovery/v1/send-email',
      { email: m.email, language: PSEUDO },
      { authorization: m.visitor.access_token },
    );
    const mail = (await (await fetch(`${kit.server.url}/_dev/mail.json?to=${encodeURIComponent(m.email)}`)).json()) as {
      messages: { text: string; subject: string }[];
    };
    const reset = mail.messages.find((x) => x.text.includes('reset-password'))!;
    expect(reset.subject).toBe(`⟦${SHOP}: reset your password⟧`);
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(reset.text)![1]!;
    expect(new URL(link).searchParams.get('lang')).toBe(PSEUDO);
    const html = await (await fetch(link)).text();
    expectAllFromCatalog('reset page', html);
    const messages = JSON.parse(/text = (\{.*?\});\n/.exec(html)![1]!) as Record<string, unknown>;
    const values = JSON.stringify(messages)
      .match(/"[^"]*"(?=[,}])/g)!
      .map((v) => JSON.parse(v) as string);
    expect(values.filter((v) => !/^⟦.*⟧$/.test(v))).toEqual([]);
  });
});
