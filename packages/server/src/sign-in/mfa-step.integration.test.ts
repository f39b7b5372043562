import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, fragmentOf, pkce } from '../../test-support/redirect-kit.js';
import { secondFactorLockout } from '../identity/index.js';

/**
 * The hosted second step (issue #14): after the password, a member with an authenticator app gets the
 * page with **Authentication code**, **Remember this device**, **Verify** and **Use a recovery code**;
 * the HttpOnly device cookie skips the step next time.
 */
let kit: Kit;
let offset = 0;
beforeAll(async () => {
  kit = await Kit.start(() => Date.now() + offset);
});
afterAll(() => kit.server.close());

const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const code = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset,
  });

async function openForm() {
  const { body } = await kit.redirectSession(kit.authRequest(pkce()));
  const res = await kit.open(body.redirectSession.fullUrl);
  const html = await res.text();
  return {
    url: body.redirectSession.fullUrl,
    csrf: hiddenValue(html, 'csrf')!,
    cookie: cookiePair(res, 'vitrine_csrf')!,
    id: body.redirectSession.id,
  };
}
const submit = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });

async function memberWithTotp() {
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
  const activated = (await (
    await kit.post(
      `/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`,
      { code: code(added.totp.secret) },
      { authorization: session.accessToken },
    )
  ).json()) as { recoveryCodes: string[] };
  offset += 30_000;
  return { ...m, secret: added.totp.secret, recoveryCodes: activated.recoveryCodes };
}

async function signIn(m: { email: string; password: string }, extraCookie = '') {
  const f = await openForm();
  const cookie = [f.cookie, extraCookie].filter(Boolean).join('; ');
  const res = await submit(
    f.url,
    { redirectSessionId: f.id, csrf: f.csrf, action: 'signin', email: m.email, password: m.password },
    cookie,
  );
  return { f, cookie, res, html: res.status === 200 ? await res.text() : '' };
}

describe('hosted second step', () => {
  it('asks for the authentication code after the password; a wrong code says so; the right one finishes and remembers the device', async () => {
    const m = await memberWithTotp();
    const { f, cookie, res, html } = await signIn(m);
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Two-step verification</h1>');
    expect(html).toContain('<label for="code">Authentication code</label>');
    expect(html).toMatch(/<input type="checkbox" name="remember" value="on"> Remember this device<\/label>/);
    expect(html).toContain('<button type="submit">Verify</button>');
    // The recovery form stays closed until asked for (issue #53), and opens without JavaScript.
    expect(html).toMatch(/<details class="recovery"><summary>Use a recovery code<\/summary>\s*<form[^>]*id="recovery"/);
    const stateToken = hiddenValue(html, 'stateToken')!;
    expect(stateToken.length).toBeGreaterThan(20);

    const fields = { redirectSessionId: f.id, csrf: f.csrf, action: 'mfa', stateToken, factor: 'TOTP' };
    const wrong = await submit(f.url, { ...fields, code: code(m.secret) === '000000' ? '111111' : '000000' }, cookie);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('That code is not right');
    expect(wrongHtml).toContain('aria-invalid="true"');

    const ok = await submit(f.url, { ...fields, code: code(m.secret), remember: 'on' }, cookie);
    expect(ok.status).toBe(302);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf(ok.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    // S-21 (issue #26): one Set-Cookie line per cookie (the device cookie was sent twice).
    const names = ok.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
    expect(names.sort()).toEqual(['vitrine_device', 'vitrine_sso']);
    const device = ok.headers.getSetCookie().find((c) => c.startsWith('vitrine_device='))!;
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Max-Age=2592000/);

    // Next time on this browser: straight through after the password.
    const again = await signIn(m, device.split(';')[0]);
    expect(again.res.status).toBe(302);
    expect(fragmentOf(again.res.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
  });

  it('a recovery code from the second form signs in; the fifth wrong code starts over at sign-in', async () => {
    const m = await memberWithTotp();
    const first = await signIn(m);
    const stateToken = hiddenValue(first.html, 'stateToken')!;
    const ok = await submit(
      first.f.url,
      {
        redirectSessionId: first.f.id,
        csrf: first.f.csrf,
        action: 'mfa',
        stateToken,
        factor: 'RECOVERY_CODE',
        recoveryCode: m.recoveryCodes[0]!,
      },
      first.cookie,
    );
    expect(ok.status).toBe(302);

    // A wrong recovery code: its error under the recovery field, whose form is then open.
    const again = await signIn(m);
    const wrongRecovery = await submit(
      again.f.url,
      {
        redirectSessionId: again.f.id,
        csrf: again.f.csrf,
        action: 'mfa',
        stateToken: hiddenValue(again.html, 'stateToken')!,
        factor: 'RECOVERY_CODE',
        recoveryCode: 'AAAA-BBBB-CCCC',
      },
      again.cookie,
    );
    const wrongHtml = await wrongRecovery.text();
    expect(wrongHtml).toContain('<details class="recovery" open>');
    expect(wrongHtml).toContain('id="recoveryCode-error"');
    expect(wrongHtml).not.toContain('id="code-error"');

    const second = await signIn(m);
    const fields = {
      redirectSessionId: second.f.id,
      csrf: second.f.csrf,
      action: 'mfa',
      stateToken: hiddenValue(second.html, 'stateToken')!,
      factor: 'TOTP',
    };
    const wrongCode = code(m.secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await submit(second.f.url, { ...fields, code: wrongCode }, second.cookie)).status).toBe(200);
    const fifth = await submit(second.f.url, { ...fields, code: wrongCode }, second.cookie);
    expect(fifth.status).toBe(400);
    const html = await fifth.text();
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('sign in again');
  });

  it('a second step locked by wrong codes in a row (S-5) says so at sign-in, and how to unlock it', async () => {
    const saved = { ...secondFactorLockout };
    Object.assign(secondFactorLockout, { failures: 2, notifyAt: 100 });
    try {
      const m = await memberWithTotp();
      const { f, cookie, html } = await signIn(m);
      const fields = { redirectSessionId: f.id, csrf: f.csrf, action: 'mfa', factor: 'TOTP' };
      const stateToken = hiddenValue(html, 'stateToken')!;
      const wrongCode = code(m.secret) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 2; i++)
        expect(await (await submit(f.url, { ...fields, stateToken, code: wrongCode }, cookie)).text()).toContain(
          'That code is not right',
        );
      const locked = await submit(f.url, { ...fields, stateToken, code: code(m.secret) }, cookie);
      expect(locked.status).toBe(400);
      const page = await locked.text();
      expect(page).toContain('<h1>Sign in</h1>');
      expect(page).toContain('the second step is locked. Reset your password to unlock it');
    } finally {
      Object.assign(secondFactorLockout, saved);
    }
  });
});
