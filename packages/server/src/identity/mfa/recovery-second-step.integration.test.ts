import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, memberCalls, startMfaServer, totpCode, type MfaHarness } from '../../../test-support/mfa-kit.js';

/**
 * Password recovery of a member with a second factor (issue #14) ends in the second step like login
 * (REQUIRE_MFA, no session token), and voids the devices remembered before it.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

describe('password recovery ends in the second step', () => {
  it('password recovery of a member with an authenticator app answers REQUIRE_MFA, and voids remembered devices', async () => {
    const member = await m.withTotp('recover');
    h.clock.offset += 30_000;
    const first = await m.login(member.email);
    const remembered = await m.verify('totp/verify', {
      stateToken: first.body.stateToken,
      rememberThisDevice: true,
      totpData: { code: totpCode(h, member.secret) },
    });
    const deviceToken = remembered.body.additionalData.deviceToken.strValue as string;
    expect((await m.login(member.email, { deviceToken })).body.state).toBe('SUCCESS');

    await h.call('POST', '/_api/iam/recovery/v1/send-email', { token: h.visitor, body: { email: member.email } });
    const link = (await mailTo(h, member.email))
      .map((x) => /reset-password\?token=([\w-]+)/.exec(x.text)?.[1])
      .find(Boolean)!;
    // The reset token the mail links to: 256 random bits, base64url.
    expect(link).toMatch(/^[\w-]{43}$/);
    const recovered = await h.call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: link, password: 'recovered password 7' },
    });
    expect(recovered.body).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken: expect.any(String),
      requireMfaData: { reason: 'USER_SETTINGS' },
    });
    expect(recovered.body.sessionToken).toBeUndefined();
    h.clock.offset += 30_000;
    const done = await m.verify('totp/verify', {
      stateToken: recovered.body.stateToken,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect(done.body.state).toBe('SUCCESS');

    const again = await h.call('POST', '/_api/iam/authentication/v2/login', {
      token: h.visitor,
      body: { loginId: { email: member.email }, password: 'recovered password 7', clientMetaData: { deviceToken } },
    });
    expect(again.body.state).toBe('REQUIRE_MFA');
  });
});
