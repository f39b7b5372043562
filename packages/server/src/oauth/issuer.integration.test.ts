import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, fragmentOf, pkce, postedMessage } from '../../test-support/redirect-kit.js';

/** RFC 9207 (audit F-18): every authorization response names the issuer, the access tokens' `iss`. */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const issuerOfTokens = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { iss: string }).iss;

describe('iss in authorization responses', () => {
  it('fragment: the code, and its issuer equals the tokens’ iss', async () => {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
    const params = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location'));
    expect(params.get('iss')).toBe(kit.server.url);
    const tokens = (await (
      await kit.exchange({ code: params.get('code')!, codeVerifier: p.verifier, redirectUri: APP.redirectUri })
    ).json()) as { access_token: string };
    expect(issuerOfTokens(tokens.access_token)).toBe(params.get('iss'));
  });

  it('query: also on the login_required error', async () => {
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), { responseMode: 'query' }, 'none'));
    const location = new URL((await kit.open(body.redirectSession.fullUrl)).headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('iss')).toBe(kit.server.url);
  });

  it('fragment: on an expired or spent request too', async () => {
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
    await kit.open(body.redirectSession.fullUrl);
    const params = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location'));
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('iss')).toBe(kit.server.url);
  });

  it('web_message: in the posted message, code and error alike', async () => {
    const m = await kit.member();
    const ok = await kit.redirectSession(
      kit.authRequest(
        pkce(),
        { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken },
        'none',
      ),
    );
    expect(postedMessage(await (await kit.open(ok.body.redirectSession.fullUrl)).text())).toMatchObject({
      code: expect.any(String),
      iss: kit.server.url,
    });
    const none = await kit.redirectSession(
      kit.authRequest(pkce(), { responseMode: 'web_message', redirectUri: undefined }, 'none'),
    );
    expect(postedMessage(await (await kit.open(none.body.redirectSession.fullUrl)).text())).toMatchObject({
      error: 'login_required',
      iss: kit.server.url,
    });
  });
});
