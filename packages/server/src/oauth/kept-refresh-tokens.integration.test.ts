import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, APP, Kit, pkce, postedMessage } from '../../test-support/redirect-kit.js';

/**
 * docs/tokens.md#the-token-model: on a rotating client, a session whose first token request came from the
 * unmodified `@wix/sdk` (it names itself in `x-wix-bi-gateway`) gets a kept refresh token that never
 * rotates, since that client keeps its first token; every other session rotates with reuse detection,
 * whatever a later refresh request says about itself.
 */
const WIX_SDK = {
  'x-wix-bi-gateway':
    'environment=js-sdk,package-name=@wix/sdk,method-fqn=wix.identity.oauth2.v1.Oauth2Ng.Token,entity=wix.identity.oauth.v1.refresh_token',
};
const VITRINE_SDK = { 'x-wix-bi-gateway': 'environment=js-sdk' };
const GRACE_PASSED = 61_000;

let kit: Kit;
let clock = Date.now();
beforeAll(async () => {
  kit = await Kit.start(() => clock);
});
afterAll(() => kit.server.close());

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Member tokens through prompt none + a session token, the code exchanged with `headers`. */
async function signIn(headers: Record<string, string>): Promise<Tokens> {
  const m = await kit.member();
  const p = pkce();
  const request = kit.authRequest(
    p,
    { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken },
    'none',
  );
  const { body } = await kit.redirectSession(request, m.visitor.access_token);
  const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
  const res = await kit.post(
    '/oauth2/token',
    { clientId: APP.clientId, grantType: 'authorization_code', code, codeVerifier: p.verifier },
    headers,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

const refresh = (refreshToken: string, headers: Record<string, string> = WIX_SDK) =>
  kit.post('/oauth2/token', { clientId: APP.clientId, grantType: 'refresh_token', refreshToken }, headers);
const sid = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sid as string;

describe('kept refresh tokens on a rotating client', () => {
  it('a session @wix/sdk starts keeps one refresh token through renewals far apart', async () => {
    const first = await signIn(WIX_SDK);
    expect(first.refresh_token).toMatch(/^k1\.[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 4; i++) {
      clock += 5 * 3_600_000;
      const res = await refresh(first.refresh_token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Tokens;
      expect(body.refresh_token).toBe(first.refresh_token);
      expect(sid(body.access_token)).toBe(sid(first.access_token));
    }
  });

  it('a session any other client starts rotates, and a replay after the grace window ends it', async () => {
    const first = await signIn(VITRINE_SDK);
    expect(first.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = (await (await refresh(first.refresh_token, VITRINE_SDK)).json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    clock += GRACE_PASSED;
    const replay = await refresh(first.refresh_token, VITRINE_SDK);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'refresh token was already used; the session has been ended',
    });
    expect((await refresh(second.refresh_token, VITRINE_SDK)).status).toBe(400);
  });

  it('a stolen rotating token presented as @wix/sdk still rotates, and its replay still ends the session', async () => {
    const first = await signIn({});
    const thief = (await (await refresh(first.refresh_token, WIX_SDK)).json()) as Tokens;
    expect(thief.refresh_token).not.toBe(first.refresh_token);
    clock += GRACE_PASSED;
    expect((await refresh(first.refresh_token, WIX_SDK)).status).toBe(400);
    expect((await refresh(thief.refresh_token, WIX_SDK)).status).toBe(400);
  });

  it('the kept mark cannot be put on a rotating token, nor taken off a kept one', async () => {
    const rotating = await signIn(VITRINE_SDK);
    const kept = await signIn(WIX_SDK);
    for (const forged of [`k1.${rotating.refresh_token}`, kept.refresh_token.slice(3)]) {
      const res = await refresh(forged);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
  });

  it('external login (authorized_client) from @wix/sdk starts a kept session too', async () => {
    const m = await kit.member();
    const grant = (headers: Record<string, string>) =>
      kit.post(
        '/oauth2/token',
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: m.memberId },
        { authorization: `,${API_KEY}`, ...headers },
      );
    const fromWix = (await (await grant(WIX_SDK)).json()) as Tokens;
    const fromOthers = (await (await grant(VITRINE_SDK)).json()) as Tokens;
    expect(fromWix.refresh_token).toMatch(/^k1\./);
    expect(fromOthers.refresh_token).not.toMatch(/^k1\./);
  });
});
