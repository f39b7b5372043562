import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, Kit, pkce, postedMessage } from '../../test-support/redirect-kit.js';
import { verifyMemberEmail } from '../members/index.js';
import { consumeSessionToken } from '../sessions/session-tokens.js';

/**
 * Audit F-2 (account pre-hijacking): someone registers a victim's address with a password they know,
 * before the victim arrives through the shop's trusted sign-on (`verifyEmail: true`). The sign-on must
 * not leave the squatter a way in: the unverified account's password, sessions, one-time session
 * tokens and recovery links all end before the account is handed to the verified owner.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const BACKEND = `,${API_KEY}`;
const SQUATTER_PASSWORD = 'attacker knows this 1';
const newEmail = () => `victim-${Math.random().toString(36).slice(2, 10)}@example.com`;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any
const signOn = (email: string, verifyEmail?: boolean) =>
  kit
    .post(
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email }, ...(verifyEmail === undefined ? {} : { verifyEmail }) },
      { authorization: BACKEND },
    )
    .then(json);

/** Exchanges a one-time session token for member tokens, as a browser app would (code flow, PKCE). */
async function tokensFor(sessionToken: string) {
  const p = pkce();
  const { body } = await kit.redirectSession(
    kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken }, 'none'),
  );
  const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
  return (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as {
    access_token: string;
    refresh_token: string;
  };
}

const refresh = (refreshToken: string) =>
  kit.post('/oauth2/token', { clientId: 'shop-app', grantType: 'refresh_token', refreshToken }).then(json);
const me = (accessToken: string) =>
  fetch(`${kit.server.url}/_api/members/v1/members/my`, { headers: { authorization: accessToken } });
const login = async (email: string, password: string) => {
  const visitor = await kit.visitor();
  return json(
    await kit.post(
      '/_api/iam/authentication/v2/login',
      { loginId: { email }, password },
      { authorization: visitor.access_token },
    ),
  );
};

describe('trusted sign-on onto an existing account', () => {
  it("takes an unverified password account over: the squatter's password, sessions, session tokens and reset links die", async () => {
    const email = newEmail();
    const squatter = await kit.member(email, SQUATTER_PASSWORD);
    const tokens = await tokensFor(squatter.sessionToken);
    expect((await me(tokens.access_token)).status).toBe(200);
    const unspent = await kit.sessionToken(email, SQUATTER_PASSWORD);
    await kit.post('/_api/iam/recovery/v1/send-email', { email }, { authorization: squatter.visitor.access_token });
    const mail = await (await fetch(`${kit.server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    const recoveryToken = /reset-password\?token=([\w-]+)/.exec(mail.messages[0].text)![1]!;

    const owner = await signOn(email, true);
    expect(owner.status).toBe(200);
    expect(owner.body.identity).toMatchObject({ id: squatter.memberId, email: { address: email, isVerified: true } });

    const squatterLogin = await login(email, SQUATTER_PASSWORD);
    expect(squatterLogin.status).toBe(400);
    expect(squatterLogin.body.state).toBeUndefined();
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await me(tokens.access_token)).status).toBe(401);
    expect(await consumeSessionToken(kit.server.ctx.db, kit.server.siteId, unspent)).toBeNull();
    const recovered = await kit.post('/_api/iam/recovery/v1/recover', {
      recoveryToken,
      password: 'attacker resets it 2',
    });
    expect(recovered.status).toBe(400);

    // the verified owner gets in with the sign-on's session token
    const ownerTokens = await json(
      await kit.post(
        '/oauth2/token',
        { grantType: 'authorized_client', memberId: squatter.memberId, sessionToken: owner.body.sessionToken },
        { authorization: BACKEND },
      ),
    );
    expect(ownerTokens.status).toBe(200);
    expect((await me(ownerTokens.body.access_token)).status).toBe(200);

    const events = await kit.server.ctx.authEvents.list(kit.server.siteId, {
      memberId: squatter.memberId,
      type: 'sign_on',
    });
    expect(events).toEqual([
      expect.objectContaining({ outcome: 'success', email, detail: { adopted: true, sessionsEnded: 1 } }),
    ]);
  });

  it('links a verified account as before: its password and sessions are kept', async () => {
    const email = newEmail();
    const member = await kit.member(email, 'the real owner pass 3');
    await verifyMemberEmail(kit.server.ctx.db, kit.server.siteId, member.memberId, Date.now());
    const tokens = await tokensFor(member.sessionToken);

    const linked = await signOn(email, true);
    expect(linked.body.identity.id).toBe(member.memberId);
    expect((await login(email, 'the real owner pass 3')).body.state).toBe('SUCCESS');
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const events = await kit.server.ctx.authEvents.list(kit.server.siteId, {
      memberId: member.memberId,
      type: 'sign_on',
    });
    expect(events).toEqual([expect.objectContaining({ outcome: 'success', detail: {} })]);
  });

  it('without verifyEmail the backend does not vouch for the address, so nothing is taken over', async () => {
    const email = newEmail();
    const member = await kit.member(email, 'unverified keeps it 4');
    const linked = await signOn(email);
    expect(linked.body.identity).toMatchObject({ id: member.memberId, email: { isVerified: false } });
    expect((await login(email, 'unverified keeps it 4')).body.state).toBe('SUCCESS');
  });
});
