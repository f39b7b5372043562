import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { Kit, pkce } from '../../test-support/redirect-kit.js';

/**
 * Mail in the recipient's language (issue #18), through a real SMTP server: the request's `language`,
 * else the member's profile language, else the site's default; Content-Language and <html lang dir>.
 */
let server: IdentityTestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startIdentityServer({
    site: (s) => ({ ...s, name: 'Polyglot Shop', policies: { ...s.policies, emailVerification: 'required' } }),
    config: (c) => ({ ...c, smtpUrl: smtp.url }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The next mail SMTP received for `to` (with `subject` matching), parsed as a mail client would. */
async function received(to: string, subject: RegExp): Promise<ParsedMail> {
  const raw = await waitFor(async () => {
    for (const m of smtp.received.filter((r) => r.to.includes(to))) {
      const parsed = await simpleParser(m.raw);
      if (subject.test(parsed.subject ?? '')) return parsed;
    }
    return undefined;
  });
  return raw;
}

const htmlLang = (mail: ParsedMail) => /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(String(mail.html))?.slice(1);
let n = 0;
const address = (tag: string) => `${tag}-${Date.now()}-${n++}@example.com`;

/** A member whose verification code was mailed on registration (profile language optional). */
async function register(email: string, profile: Record<string, unknown> = {}) {
  const res = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'polyglot password 9', profile },
  });
  expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
}

const RESET_SUBJECT = {
  en: 'Polyglot Shop: reset your password',
  fr: 'Polyglot Shop : réinitialisez votre mot de passe',
  de: 'Polyglot Shop: Passwort zurücksetzen',
  es: 'Polyglot Shop: restablece tu contraseña',
  ar: 'Polyglot Shop: إعادة تعيين كلمة المرور',
} as const;

describe('mail in the recipient language', () => {
  for (const [language, subject] of Object.entries(RESET_SUBJECT)) {
    it(`recovery mail with language "${language}": subject, text and html in ${language}, Content-Language: ${language}`, async () => {
      const email = address(`reset-${language}`);
      await register(email);
      expect(
        (await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email, language } })).status,
      ).toBe(200);
      const mail = await received(email, new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect(mail.subject).toBe(subject);
      expect(mail.headers.get('content-language')).toBe(language);
      expect(htmlLang(mail)).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
      expect(mail.text).toContain(`lang=${language}`);
      if (language !== 'en') expect(mail.text).not.toContain('Someone asked');
    });
  }

  it('verification code: the member profile language when the request names none; plural minutes in that language', async () => {
    const email = address('profile-de');
    await register(email, { language: 'de' });
    const mail = await received(email, /Bestätigungscode/);
    expect(mail.headers.get('content-language')).toBe('de');
    expect(mail.text).toMatch(/Er läuft in 10 Minuten ab\./);
  });

  it('the site default when neither the request nor the profile names a language the site has', async () => {
    const email = address('default');
    await register(email, { language: 'tlh' });
    const mail = await received(email, /verification code/);
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.text).toContain('It expires in 10 minutes.');
  });

  it('the activation mail follows emailOptions.language over the profile', async () => {
    const email = address('activation');
    await register(email, { language: 'de' });
    const id = (
      await server.ctx.db.query<{ id: string }>('select id from members where lower(email) = lower($1)', [email])
    ).rows[0]!.id;
    const token = (
      await server.ctx.db.transaction((tx) =>
        server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
      )
    ).accessToken;
    expect(
      (
        await call('POST', '/_api/iam/recovery/v1/activation-email', {
          token,
          body: { identityId: id, emailOptions: { language: 'es' } },
        })
      ).status,
    ).toBe(200);
    const mail = await received(email, /activa tu cuenta/);
    expect(mail.headers.get('content-language')).toBe('es');
    expect(mail.text).toContain('72 horas');
  });

  it('a hosted page in French mails its verification code in French', async () => {
    const kit = new Kit(server);
    const email = address('hosted-fr');
    const { body } = await kit
      .post('/_api/redirects-api/v1/redirect-session', {
        ...kit.authRequest(pkce(), { clientId: server.clientId, redirectUri: `${server.url}/callback` }),
        preferences: { additionalQueryParameters: { lang: 'fr' } },
      })
      .then(async (r) => ({ body: await r.json() }));
    const url = body.redirectSession.fullUrl as string;
    const page = await kit.open(`${url}&view=register`);
    const html = await page.text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]!;
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_csrf='))!
      .split(';')[0]!;
    const verify = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({
        redirectSessionId: body.redirectSession.id,
        csrf,
        action: 'register',
        email,
        password: 'polyglot password 9',
      }),
    });
    expect(await verify.text()).toContain('Nous avons envoyé un code à 6 chiffres à <strong>');
    const mail = await received(email, /code de vérification/);
    // The code is in the body only, never in the subject a lock screen shows (audit S-15).
    expect(mail.subject).toBe('Polyglot Shop : votre code de vérification');
    expect(mail.text).toMatch(/Votre code de vérification Polyglot Shop est \d{6}\./);
    expect(mail.headers.get('content-language')).toBe('fr');
  });
});
