/** `@vitrine/sdk` with push approval (issue #32) against a real @vitrine/server: one client approves, the other signs in. */
import { describe, expect, it } from 'vitest';
import { memberSessionByEmail } from '@vitrine/server/test-support';
import { useMfaTestServer } from '../../test-support/mfa-server.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { ApplicationError } from '../http/errors.js';
import { factorsOf } from './index.js';

const mfa = useMfaTestServer((site) => ({
  ...site,
  push: { expirySeconds: 60, placeHeader: undefined, vapid: undefined },
}));
const PASSWORD = 'sdk push approval 5';

async function signedIn() {
  const email = `sdk-push-${Math.random().toString(36).slice(2, 10)}@example.test`;
  expect((await mfa.strategy().register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
  const session = await memberSessionByEmail(mfa.server, email);
  const auth = OAuthStrategy({
    clientId: mfa.server.clientId,
    baseUrl: mfa.server.url,
    tokens: {
      accessToken: { value: session.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
      refreshToken: { value: session.refreshToken, role: 'member' },
    },
  });
  return { email, factors: factorsOf(auth) };
}

describe('@vitrine/sdk and push approval', () => {
  it('addPush; verifyFactor PUSH pending until approve(number) → SUCCESS; a second answer throws PUSH_ANSWERED', async () => {
    const { email, factors } = await signedIn();
    const added = await factors.addPush();
    expect(added.factor).toMatchObject({ factorType: 'PUSH', status: 'ACTIVE' });
    expect((await factors.list()).factors).toEqual([
      expect.objectContaining({ factorType: 'PUSH', currentDevice: true }),
    ]);

    const auth = mfa.strategy();
    const login = await auth.login({ email, password: PASSWORD });
    expect(login.data?.factors?.map((f) => f.factorType)).toEqual(['PUSH', 'RECOVERY_CODE']);
    const started = await auth.verifyFactor({ factorType: 'PUSH' });
    const pushData = started.data?.challenge?.verificationChallengeData?.pushData;
    expect(pushData).toMatchObject({ status: 'PENDING' });
    const waiting = await auth.verifyFactor({ factorType: 'PUSH', transactionId: pushData!.transactionId });
    expect(waiting.data?.challenge?.verificationChallengeData?.pushData?.status).toBe('PENDING');

    const [pending] = (await factors.pendingApprovals()).transactions;
    expect(pending!.numberChoices).toContain(pushData!.matchNumber);
    expect(await factors.approve(pending!.transactionId, pushData!.matchNumber)).toEqual({ status: 'APPROVED' });
    await expect(factors.deny(pending!.transactionId)).rejects.toBeInstanceOf(ApplicationError);
    const done = await auth.verifyFactor({
      factorType: 'PUSH',
      transactionId: pushData!.transactionId,
      rememberThisDevice: true,
    });
    expect(done.loginState).toBe('SUCCESS');
    expect(done.data?.deviceToken).toMatch(/.{20,}/);
  });
});
