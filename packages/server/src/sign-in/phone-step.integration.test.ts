import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce } from '../../test-support/redirect-kit.js';
import { DEV_PHONE } from '../phone/config.js';

/**
 * The hosted second step with a phone factor (issue #32): **Text me a code** (nothing is sent before the
 * member asks), the code field with autocomplete="one-time-code", a wrong code, **Call me instead**, the
 * resend wait said on the page, and the call's code completing the sign-in.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start(undefined, (s) => ({ ...s, phone: DEV_PHONE }));
});
afterAll(() => kit.server.close());

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const submit = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });
const devPhone = async (to: string) =>
  (
    (await (await fetch(`${kit.server.url}/_dev/phone.json?to=${encodeURIComponent(to)}`)).json()) as {
      messages: { channel: string; text: string }[];
    }
  ).messages;
const codeIn = (text: string) =>
  (/#(\d{6})$/.exec(text)?.[1] ?? /(\d), (\d), (\d), (\d), (\d), (\d)\./.exec(text)!.slice(1, 7).join('')) as string;

async function memberWithSms(number: string) {
  const m = await kit.member();
  const session = await kit.server.ctx.db.transaction((tx) =>
    kit.server.ctx.tokens.createMemberSession(tx, {
      siteId: kit.server.siteId,
      clientId: 'shop-app',
      memberId: m.memberId,
    }),
  );
  const auth = { authorization: session.accessToken };
  const added = (await (
    await kit.post('/_api/iam/mfa/v1/factors', { factorType: 'SMS', phoneNumber: number }, auth)
  ).json()) as {
    factor: { factorId: string };
  };
  const code = codeIn((await devPhone(number))[0]!.text);
  const activated = await kit.post(`/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, { code }, auth);
  expect(activated.status).toBe(200);
  return m;
}

describe('hosted second step with a phone', () => {
  it('text me a code → wrong code → call me instead → too soon → the call code signs in', async () => {
    const number = `+3361${String(Date.now()).slice(-7)}`;
    const m = await memberWithSms(number);
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const url = body.redirectSession.fullUrl as string;
    const opened = await kit.open(url);
    const first = await opened.text();
    const csrf = hiddenValue(first, 'csrf')!;
    const cookie = cookiePair(opened, 'vitrine_csrf')!;
    const base = { redirectSessionId: body.redirectSession.id as string, csrf };

    const step = await (
      await submit(url, { ...base, action: 'signin', email: m.email, password: m.password }, cookie)
    ).text();
    expect(step).toContain('>Text me a code</button>');
    expect(step).toContain('>Call me with a code</button>');
    expect(step).not.toContain('name="code"'); // no code was sent yet, so no code field
    expect(await devPhone(number)).toHaveLength(1); // only the enrolment code
    const stateToken = hiddenValue(step, 'stateToken')!;

    const texted = await (await submit(url, { ...base, action: 'mfa', stateToken, send: 'SMS' }, cookie)).text();
    const masked = `+33 •• •• •• ${number.slice(-2)}`;
    expect(texted).toContain(`We sent a 6-digit code to <strong dir="ltr">${masked}</strong>.`);
    expect(texted).toMatch(/name="code"[^>]*autocomplete="one-time-code"/);
    expect(texted).toContain('>Send a new code</button>');
    expect(texted).toContain('>Call me instead</button>');
    const smsCode = codeIn((await devPhone(number))[0]!.text);

    const wrongRes = await submit(
      url,
      {
        ...base,
        action: 'mfa',
        stateToken,
        factor: 'SMS',
        hint: masked,
        code: smsCode === '000000' ? '111111' : '000000',
      },
      cookie,
    );
    const wrong = await wrongRes.text();
    expect(wrong).toContain('That code is not right.');
    expect(wrong).toContain(`<strong dir="ltr">${masked}</strong>`);
    expect(wrong).toContain('name="factor" value="SMS"');

    const called = await (await submit(url, { ...base, action: 'mfa', stateToken, send: 'CALL' }, cookie)).text();
    expect(called).toContain(`We are calling <strong dir="ltr">${masked}</strong>`);
    expect(called).toContain('>Text me instead</button>');
    const [call] = await devPhone(number);
    expect(call!.channel).toBe('call');

    const tooSoon = await submit(url, { ...base, action: 'mfa', stateToken, send: 'SMS' }, cookie);
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.text()).toContain('A code was sent a moment ago.');

    const done = await submit(
      url,
      { ...base, action: 'mfa', stateToken, factor: 'CALL', code: codeIn(call!.text) },
      cookie,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(/^https:\/\/shop\.test\/callback#code=/);
  });

  it('a provider failure is a message on the step (503, never an error page); the recovery code form stays', async () => {
    const number = `+3361${String(Date.now()).slice(-7)}`;
    const m = await memberWithSms(number);
    const site = kit.server.ctx.sites.get(kit.server.siteId)!;
    const saved = site.phone;
    // The provider goes down after the number was confirmed: nothing listens on port 9.
    site.phone = { ...DEV_PHONE, provider: { kind: 'webhook', url: 'http://127.0.0.1:9/sms', secret: 'whsec_x' } };
    try {
      const { body } = await kit.redirectSession(kit.authRequest(pkce()));
      const url = body.redirectSession.fullUrl as string;
      const opened = await kit.open(url);
      const csrf = hiddenValue(await opened.text(), 'csrf')!;
      const cookie = cookiePair(opened, 'vitrine_csrf')!;
      const base = { redirectSessionId: body.redirectSession.id as string, csrf };
      const step = await (
        await submit(url, { ...base, action: 'signin', email: m.email, password: m.password }, cookie)
      ).text();
      const stateToken = hiddenValue(step, 'stateToken')!;
      const failed = await submit(url, { ...base, action: 'mfa', stateToken, send: 'SMS' }, cookie);
      expect(failed.status).toBe(503);
      const page = await failed.text();
      expect(page).toContain('We could not send the code just now.');
      expect(page).toContain('name="recoveryCode"');
      expect(page).toContain('>Call me with a code</button>');
    } finally {
      site.phone = saved;
    }
  });
});
