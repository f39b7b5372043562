/** Second factors through @vitrine/sdk against a real @vitrine/server (issue #14). */
import { describe, expect, it } from 'vitest';
import { useMfaTestServer } from '../../test-support/mfa-server.js';

const mfa = useMfaTestServer();

const PASSWORD = 'sdk second factor 5';
const { strategy, code } = mfa;

async function postJson(path: string, token: string, body: unknown) {
  const res = await fetch(mfa.server.url + path, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A member registered through the SDK who turned on an authenticator app. */
async function memberWithTotp() {
  const email = `sdk-mfa-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const registered = await strategy().register({ email, password: PASSWORD });
  expect(registered.loginState).toBe('SUCCESS');
  const memberId = (
    await postJson('/_api/iam/authentication/v2/login', (await strategy().generateVisitorTokens()).accessToken.value, {
      loginId: { email },
      password: PASSWORD,
    })
  ).identity.id;
  const session = await mfa.server.ctx.db.transaction((tx) =>
    mfa.server.ctx.tokens.createMemberSession(tx, {
      siteId: mfa.server.siteId,
      clientId: mfa.server.clientId,
      memberId,
    }),
  );
  const added = await postJson('/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'TOTP' });
  const activated = await postJson(`/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, session.accessToken, {
    code: code(added.totp.secret),
  });
  expect(activated.factor.status).toBe('ACTIVE');
  mfa.advance();
  return { email, secret: added.totp.secret as string, recoveryCodes: activated.recoveryCodes as string[] };
}

describe('@vitrine/sdk second factors', () => {
  it('login → MFA_REQUIRED; verifyFactor: a wrong code keeps the step, the right one → SUCCESS with a device token that skips the step', async () => {
    const member = await memberWithTotp();
    const auth = strategy();
    const login = await auth.login({ email: member.email, password: PASSWORD });
    expect(login).toEqual({
      loginState: 'MFA_REQUIRED',
      data: {
        stateToken: expect.any(String),
        factors: [
          { factorType: 'TOTP', factorStatus: 'ENABLED' },
          { factorType: 'RECOVERY_CODE', factorStatus: 'ENABLED' },
        ],
      },
    });
    const wrongCode = code(member.secret) === '000000' ? '111111' : '000000';
    const wrong = await auth.verifyFactor({ factorType: 'TOTP', code: wrongCode });
    expect(wrong).toMatchObject({
      loginState: 'MFA_REQUIRED',
      data: { stateToken: login.data!.stateToken, attemptsLeft: 4 },
    });
    const ok = await auth.verifyFactor({ factorType: 'totp', code: code(member.secret), rememberThisDevice: true });
    expect(ok).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: expect.any(String), deviceToken: expect.any(String) },
    });

    const remembered = await strategy().login({
      email: member.email,
      password: PASSWORD,
      clientMetaData: { deviceToken: ok.data!.deviceToken },
    });
    expect(remembered.loginState).toBe('SUCCESS');
    // The spent stateToken is a FAILURE, not an exception.
    expect(
      (await auth.verifyFactor({ factorType: 'TOTP', code: '123456', stateToken: login.data!.stateToken })).loginState,
    ).toBe('FAILURE');
  });

  it('a recovery code, and SMS is refused as a FAILURE', async () => {
    const member = await memberWithTotp();
    const auth = strategy();
    await auth.login({ email: member.email, password: PASSWORD });
    expect(await auth.verifyFactor({ factorType: 'sms' as 'TOTP', code: '123456' })).toMatchObject({
      loginState: 'FAILURE',
      error: expect.stringContaining('not available'),
    });
    expect((await auth.verifyFactor({ factorType: 'RECOVERY_CODE', code: member.recoveryCodes[3] })).loginState).toBe(
      'SUCCESS',
    );
  });
});
