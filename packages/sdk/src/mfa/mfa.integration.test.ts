/** `@vitrine/sdk/mfa` factor management against a real @vitrine/server (issue #14). */
import { describe, expect, it } from 'vitest';
import { useMfaTestServer } from '../../test-support/mfa-server.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { ApplicationError, ValidationError } from '../http/errors.js';
import { factorsOf } from './index.js';

const mfa = useMfaTestServer();

const PASSWORD = 'sdk factor management 7';
const { strategy, code } = mfa;
const nextStep = () => mfa.advance();

/** A registered member, and an OAuthStrategy holding that member's fresh tokens. */
async function signedIn() {
  const email = `sdk-factors-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const registered = await strategy().register({ email, password: PASSWORD });
  expect(registered.loginState).toBe('SUCCESS');
  const { rows } = await mfa.server.ctx.db.query<{ id: string }>(
    'select id from members where site_id = $1 and email_key = $2',
    [mfa.server.siteId, email],
  );
  // Email codes need a verified address (the site skips verification at sign-up).
  await mfa.server.ctx.db.query('update members set email_verified = true where id = $1', [rows[0]!.id]);
  const session = await mfa.server.ctx.db.transaction((tx) =>
    mfa.server.ctx.tokens.createMemberSession(tx, {
      siteId: mfa.server.siteId,
      clientId: mfa.server.clientId,
      memberId: rows[0]!.id,
    }),
  );
  const auth = OAuthStrategy({
    clientId: mfa.server.clientId,
    baseUrl: mfa.server.url,
    tokens: {
      accessToken: { value: session.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
      refreshToken: { value: session.refreshToken, role: 'member' },
    },
  });
  return { email, auth, factors: factorsOf(auth) };
}

describe('@vitrine/sdk/mfa factor management', () => {
  it('authenticator app: add → wrong code refused → activate with recovery codes → list → sign-in asks for it', async () => {
    const { email, factors } = await signedIn();
    expect(await factors.list()).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    const added = await factors.addTotp({ name: 'Phone' });
    expect(added.factor).toMatchObject({ factorType: 'TOTP', status: 'INACTIVE' });
    expect(added.totp.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = code(added.totp.secret) === '000000' ? '111111' : '000000';
    await expect(factors.activate(added.factor.factorId, wrong)).rejects.toBeInstanceOf(ValidationError);
    const activated = await factors.activate(added.factor.factorId, code(added.totp.secret));
    expect(activated.factor.status).toBe('ACTIVE');
    expect(activated.recoveryCodes).toHaveLength(10);
    expect(await factors.list()).toMatchObject({
      factors: [{ factorType: 'TOTP', status: 'ACTIVE', name: 'Phone' }],
      recoveryCodesLeft: 10,
    });
    const login = await strategy().login({ email, password: PASSWORD });
    expect(login).toMatchObject({
      loginState: 'MFA_REQUIRED',
      data: { factors: expect.arrayContaining([{ factorType: 'TOTP', factorStatus: 'ENABLED' }]) },
    });
  });

  it('email codes, new recovery codes (old ones die), remove; changes need a fresh sign-in or the current password', async () => {
    const { email, factors, auth } = await signedIn();
    const added = await factors.addTotp();
    nextStep();
    const first = await factors.activate(added.factor.factorId, code(added.totp.secret));
    const emailFactor = await factors.addEmail();
    expect(emailFactor.factor).toMatchObject({ factorType: 'EMAIL', status: 'ACTIVE' });
    expect(emailFactor.recoveryCodes).toBeUndefined();
    const fresh = await factors.newRecoveryCodes();
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(first.recoveryCodes![0]);

    const step = await strategy().login({ email, password: PASSWORD });
    const old = await auth.verifyFactor({
      factorType: 'RECOVERY_CODE',
      code: first.recoveryCodes![0],
      stateToken: step.data!.stateToken,
    });
    expect(old.loginState).toBe('MFA_REQUIRED');

    mfa.advance(11 * 60_000);
    await expect(factors.remove(added.factor.factorId)).rejects.toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    await factors.remove(added.factor.factorId, { currentPassword: PASSWORD });
    expect((await factors.list()).factors.map((f) => f.factorType)).toEqual(['EMAIL']);
    await expect(factors.remove('no-such-factor', { currentPassword: PASSWORD })).rejects.toBeInstanceOf(
      ApplicationError,
    );
  });
});

describe('@vitrine/sdk/mfa enrolment the site requires', () => {
  it('REQUIRE_ACTIVATION: an authenticator app enrolled with the stateToken completes the sign-in', async () => {
    const { email } = await signedIn();
    const site = mfa.server.ctx.sites.get(mfa.server.siteId)!;
    const before = site.policies.mfa;
    (site.policies as { mfa: string }).mfa = 'required';
    try {
      const auth = strategy();
      const login = await auth.login({ email, password: PASSWORD });
      expect(login).toMatchObject({
        loginState: 'MFA_REQUIRED',
        data: { factors: expect.arrayContaining([expect.objectContaining({ factorStatus: 'REQUIRE_ACTIVATION' })]) },
      });
      const factors = factorsOf(auth);
      const stateToken = login.data!.stateToken!;
      const added = await factors.addTotp({ stateToken });
      nextStep();
      const done = await factors.activate(added.factor.factorId, code(added.totp.secret), { stateToken });
      expect(done.login).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
      expect(done.recoveryCodes).toHaveLength(10);
    } finally {
      (site.policies as { mfa: string | undefined }).mfa = before;
    }
  });
});
