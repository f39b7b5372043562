/**
 * The `login` intent of a redirect session: the hosted sign-in page for the client of the caller's token,
 * then a 302 to the `postFlowUrl`, which must be under an allowed origin of that client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

describe('login intent', () => {
  it('shows the sign-in page for the client of the caller token, then goes to the allowed postFlowUrl', async () => {
    const visitor = await kit.visitor();
    expect((await kit.redirectSession({ login: {} })).res.status).toBe(401);
    expect(
      (await kit.redirectSession({ login: {}, callbacks: { postFlowUrl: 'https://evil.test/' } }, visitor.access_token))
        .res.status,
    ).toBe(400);
    const { body } = await kit.redirectSession(
      { login: {}, callbacks: { postFlowUrl: `${APP.origin}/account` } },
      visitor.access_token,
    );
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    expect(html).toContain('Sign in');
    const m = await kit.member();
    const res = await kit.submitForm(body.redirectSession.fullUrl, page, html, {
      redirectSessionId: body.redirectSession.id,
      action: 'signin',
      email: m.email,
      password: m.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP.origin}/account`);
  });
});
