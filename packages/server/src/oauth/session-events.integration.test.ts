import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, fragmentOf, pkce } from '../../test-support/redirect-kit.js';

/** Audit F-11 for sessions: sign_out, session_revoked (with the reason) and refresh_token_reuse are recorded. */
let offset = 0;
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start(() => Date.now() + offset);
});
afterAll(() => kit.server.close());

async function appSession() {
  const m = await kit.member();
  const p = pkce();
  const { body } = await kit.redirectSession(kit.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
  const code = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
  const res = await kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri });
  return { m, code, p, tokens: (await res.json()) as { access_token: string; refresh_token: string } };
}
const events = (type: 'sign_out' | 'session_revoked' | 'refresh_token_reuse', memberId: string) =>
  kit.server.ctx.authEvents
    .list(kit.server.siteId, { type })
    .then((list) => list.filter((e) => e.memberId === memberId));
const noSecrets = (e: object, ...secrets: string[]) =>
  secrets.forEach((s) => expect(JSON.stringify(e)).not.toContain(s));

describe('session audit events', () => {
  it('GET v1/logout: sign_out and session_revoked (logout), once', async () => {
    const { m, tokens } = await appSession();
    const logout = () =>
      fetch(`${kit.server.url}/_api/iam/authentication/v1/logout`, { headers: { authorization: tokens.access_token } });
    expect((await logout()).status).toBe(200);
    expect((await logout()).status).toBe(200);
    const signOut = await events('sign_out', m.memberId);
    expect(signOut).toHaveLength(1);
    expect(signOut[0]).toMatchObject({ outcome: 'success', clientId: APP.clientId, ip: expect.any(String) });
    const revoked = await events('session_revoked', m.memberId);
    expect(revoked.map((e) => e.detail.reason)).toEqual(['logout']);
    noSecrets(signOut[0]!, tokens.access_token, tokens.refresh_token);
  });

  it('refresh-token reuse after the grace window: refresh_token_reuse and session_revoked (refresh-token-reuse)', async () => {
    const { m, tokens } = await appSession();
    const first = await kit.post('/oauth2/token', {
      clientId: APP.clientId,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    });
    expect(first.status).toBe(200);
    offset = 61_000;
    const replay = await kit.post('/oauth2/token', {
      clientId: APP.clientId,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    });
    offset = 0;
    expect(replay.status).toBe(400);
    const reuse = await events('refresh_token_reuse', m.memberId);
    expect(reuse).toHaveLength(1);
    expect(reuse[0]).toMatchObject({ outcome: 'refused', clientId: APP.clientId });
    noSecrets(reuse[0]!, tokens.refresh_token);
    expect((await events('session_revoked', m.memberId)).map((e) => e.detail.reason)).toEqual(['refresh-token-reuse']);
  });

  it('a replayed authorization code: session_revoked (authorization-code-replay)', async () => {
    const { m, code, p } = await appSession();
    expect((await kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri })).status).toBe(400);
    expect((await events('session_revoked', m.memberId)).map((e) => e.detail.reason)).toEqual([
      'authorization-code-replay',
    ]);
  });
});
