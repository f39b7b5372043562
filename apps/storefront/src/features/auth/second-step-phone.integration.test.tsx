/**
 * The storefront's second step when the phone provider fails (issue #32): "Text me a code" answers
 * PHONE_DELIVERY_FAILED, the page says so in words (no error page, no crash), and the member's other
 * factors stay on offer. The phone is confirmed through the dev phone first; then the site's provider is
 * switched to a gateway the server cannot reach (a webhook on loopback, which the SSRF guard refuses).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { memberSessionByEmail, withDevPhone } from '@vitrine/server/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';

const PASSWORD = 'storefront phone failure 5';
const long = { timeout: 8000 };
let server: ShopTestServer;
beforeAll(async () => {
  server = await startShopServer({
    site: (s) => withDevPhone({ ...s, policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto' } }),
  });
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { factor: { factorId: string } };
}

describe('second step: the phone provider fails', () => {
  it('says the code could not be sent and keeps the other factors on offer', async () => {
    const email = `phone-down-${Date.now()}@example.com`;
    const number = `+3364${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await registerByApi(server, email, PASSWORD);
    const session = await memberSessionByEmail(server, email);
    const added = await post('/_api/iam/mfa/v1/factors', session.accessToken, {
      factorType: 'SMS',
      phoneNumber: number,
    });
    const phone = (await (await fetch(`${server.url}/_dev/phone.json?to=${encodeURIComponent(number)}`)).json()) as {
      messages: { text: string }[];
    };
    const code = /#(\d{6})$/.exec(phone.messages[0]!.text)![1]!;
    await post(`/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, session.accessToken, { code });

    const site = server.ctx.sites.get(server.siteId)!;
    site.phone = {
      ...site.phone!,
      provider: { kind: 'webhook', url: 'http://127.0.0.1:9/sms', secret: 'whsec_dGVzdA==' },
    };

    renderShop(server, '/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, long);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }, long);
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    const alert = await screen.findByRole('alert', {}, long);
    expect(alert.textContent).toBe(
      'We could not reach your phone just now. Try again in a few minutes or choose another way to sign in.',
    );
    // Still on the step, with the other ways offered: the failure did not end the sign-in.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Two-step verification');
    expect(screen.getByRole('button', { name: 'Call me with a code' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByLabelText('Recovery code', {}, long);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
  });
});
