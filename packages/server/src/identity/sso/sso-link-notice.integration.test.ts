/**
 * A provider identity joining an existing member by its verified address is mailed to that member (audit
 * S-7): one notice naming the provider, when, and how to undo it, in the member's language, delivered to a
 * real SMTP server. A sign-in of an identity already linked, and a new member, get none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettled, startTestSmtp, waitFor } from '../../../test-support/smtp.js';
import {
  account,
  Browser,
  IDP,
  idTokenFrom,
  startSso,
  toCallback,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

let sso: SsoKit;
/** The same site behind an oidc-provider on its defaults: the address comes from UserInfo, not the ID token. */
let ssoDefaults: SsoKit;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
beforeAll(async () => {
  smtp = await startTestSmtp();
  const kit = (provider: { claimsInIdToken?: boolean }) =>
    startSso({
      provider,
      site: (site) => ({ ...site, languages: ['en', 'fr'] }),
      config: (c) => ({ ...c, smtpUrl: smtp.url }),
    });
  [sso, ssoDefaults] = await Promise.all([kit({ claimsInIdToken: true }), kit({})]);
});
afterAll(async () => {
  await sso?.close();
  await ssoDefaults?.close();
  await smtp?.close();
});

const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

/** A verified password member, as the audit's victim. */
async function victim(language?: string, on: SsoKit = sso) {
  const email = `victim-${Math.random().toString(36).slice(2, 10)}@shop.test`;
  const res = await on.kit.post(
    '/_api/iam/authentication/v2/register',
    { loginId: { email }, password: 'correct horse battery' },
    { authorization: (await on.kit.visitor()).access_token },
  );
  const memberId = ((await res.json()) as { identity: { id: string } }).identity.id;
  await on.kit.server.ctx.db.query(
    `update members set email_verified = true, profile = profile || $2::jsonb where id = $1`,
    [memberId, JSON.stringify(language ? { language } : {})],
  );
  // Registration mails a verification code: let it arrive first, so only what the link sends is counted.
  await waitFor(() => mailTo(email).length > 0);
  await mailSettled(on.kit.server.ctx.db);
  return { email, memberId };
}

/** Mail delivered to `email` once `before` messages were there, once everything queued has been delivered. */
async function newMailTo(email: string, before: number, on: SsoKit = sso) {
  await waitFor(() => mailTo(email).length > before);
  await mailSettled(on.kit.server.ctx.db);
  return mailTo(email).slice(before);
}

/** A quoted-printable body as text (soft line breaks joined, =XX decoded as UTF-8). */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

describe('linking by verified email is mailed to the member (S-7)', () => {
  it.each([
    ['with the claims in the ID token as well', () => sso],
    ["on oidc-provider's defaults (the address from UserInfo)", () => ssoDefaults],
  ])(
    'the browser flow %s: exactly one notice naming the provider, the date and the way back; none for the next sign-in',
    async (_variant, on) => {
      const kit = on();
      const m = await victim(undefined, kit);
      const before = mailTo(m.email).length;
      const id = account(kit.provider, { email: m.email, email_verified: true });
      const browser = new Browser();
      const done = await browser.go((await toCallback(kit, browser, id)).callback!);
      expect(done.status).toBe(302);
      const notices = await newMailTo(m.email, before, kit);
      expect(notices).toHaveLength(1);
      const text = decoded(notices[0]!.raw);
      expect(text).toContain(`${IDP.name} was linked to your account`);
      expect(text).toContain(
        `Your ${kit.kit.server.ctx.sites.get(kit.kit.server.siteId)!.name} account was linked to ${IDP.name} on `,
      );
      expect(text).toContain(String(new Date().getUTCFullYear()));
      expect(text).toContain(`Account → Sign-in methods and disconnect ${IDP.name}`);

      // The identity is known now: signing in with it again links nothing and mails nothing.
      const again = new Browser();
      expect((await again.go((await toCallback(kit, again, id)).callback!)).status).toBe(302);
      await mailSettled(kit.kit.server.ctx.db);
      expect(mailTo(m.email)).toHaveLength(before + 1);
    },
  );

  it('login-with-token-params: the notice in the member’s language', async () => {
    const m = await victim('fr');
    const before = mailTo(m.email).length;
    const token = await idTokenFrom(sso, account(sso.provider, { email: m.email, email_verified: true }));
    const res = await sso.kit.post(
      '/_api/iam/authentication/v1/sso/login-with-token-params',
      { idpConnectionId: IDP.id, tokenParams: { idToken: token } },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(res.status).toBe(200);
    const notices = await newMailTo(m.email, before);
    expect(notices).toHaveLength(1);
    const text = decoded(notices[0]!.raw);
    expect(text).toMatch(/Content-Language: fr/i);
    expect(text).toContain(`a été lié à ${IDP.name} le `);
    expect(text).toContain(`Compte → Modes de connexion et déconnectez ${IDP.name}`);
  });

  it('a new member made by the provider gets no link notice', async () => {
    const email = `fresh-${Date.now()}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true });
    const browser = new Browser();
    expect((await browser.go((await toCallback(sso, browser, id)).callback!)).status).toBe(302);
    await mailSettled(sso.kit.server.ctx.db);
    expect(mailTo(email).filter((m) => decoded(m.raw).includes('was linked to'))).toEqual([]);
  });
});
