/** **Forgot password?** on the hosted sign-in page: where the mailed reset link may lead back to. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, pkce } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

describe('password reset from the hosted page', () => {
  it('the reset link leads back only to the registered redirect URI; a foreign redirect is refused', async () => {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p));
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const res = await kit.submitForm(
      body.redirectSession.fullUrl,
      page,
      html,
      { redirectSessionId: body.redirectSession.id, action: 'forgot', email: m.email },
      { redirect: 'follow' },
    );
    expect(res.status).toBe(200);
    const mail = (await (await fetch(`${kit.server.url}/_dev/mail.json?to=${encodeURIComponent(m.email)}`)).json()) as {
      messages: { text: string }[];
    };
    const link = /(http\S+reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.messages[0]!.text)![1]!;
    const reset = await (await fetch(link)).text();
    expect(reset).toContain(JSON.stringify(APP.redirectUri));
    const visitor = await kit.visitor();
    const evil = await kit.post(
      '/_api/iam/recovery/v1/send-email',
      { email: m.email, redirect: { url: 'https://evil.test/', clientId: APP.clientId } },
      { authorization: visitor.access_token },
    );
    expect(evil.status).toBe(400);
  });
});
