import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipLimits } from '../common.js';
import {
  advance,
  appError,
  memberCalls,
  PASSWORD,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';

/**
 * The second step where the other sign-in flows end (issue #14): password recovery, registration and
 * email verification answer REQUIRE_MFA like login; recovery voids remembered devices; the notices of
 * email codes and new recovery codes; the `/_iam` alias; the per-member and per-address limits.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

const mailTo = async (r: MfaHarness, email: string) =>
  (await r.call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`)).body.messages as {
    subject: string;
    text: string;
  }[];

describe('other flows end in the second step', () => {
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
    expect(link).toBeTruthy();
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

  it('under "required", registration and the email verification step answer REQUIRE_MFA with REQUIRE_ACTIVATION', async () => {
    const r = await startMfaServer({ mfa: 'required', mfaFactors: ['TOTP'] });
    try {
      const email = `required-reg-${Date.now()}@example.com`;
      const answer = await r.call('POST', '/_api/iam/authentication/v2/register', {
        token: r.visitor,
        body: { loginId: { email }, password: PASSWORD },
      });
      expect(answer.body).toMatchObject({
        state: 'REQUIRE_MFA',
        requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'REQUIRE_ACTIVATION' }] },
      });
      expect(answer.body.sessionToken).toBeUndefined();
    } finally {
      await r.server.close();
    }

    const v = await startMfaServer({ mfa: 'required', mfaFactors: ['TOTP'], emailVerification: 'required' });
    try {
      const email = `required-verify-${Date.now()}@example.com`;
      const reg = await v.call('POST', '/_api/iam/authentication/v2/register', {
        token: v.visitor,
        body: { loginId: { email }, password: PASSWORD },
      });
      expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const code = (await mailTo(v, email)).map((x) => /\b(\d{6})\b/.exec(x.text)?.[1]).find(Boolean)!;
      const verified = await v.call('POST', '/_api/iam/verification/v1/auth/verify', {
        token: v.visitor,
        body: { code, stateToken: reg.body.stateToken },
      });
      expect(verified.body).toMatchObject({
        state: 'REQUIRE_MFA',
        requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'REQUIRE_ACTIVATION' }] },
      });
      expect(verified.body.sessionToken).toBeUndefined();
    } finally {
      await v.server.close();
    }
  });
});

describe('factor changes', () => {
  it('email codes on and off and new recovery codes each mail a notice; management answers on the /_iam alias too', async () => {
    const member = await m.register('notices');
    await h.server.ctx.db.query('update members set email_verified = true where id = $1', [member.memberId]);
    const added = await h.call('POST', '/_iam/mfa/v1/factors', { token: member.token, body: { factorType: 'EMAIL' } });
    expect(added.body.factor).toMatchObject({ factorType: 'EMAIL', status: 'ACTIVE' });
    expect((await h.call('GET', '/_iam/mfa/v1/factors', { token: member.token })).body.factors).toHaveLength(1);
    expect(
      (await h.call('POST', '/_iam/mfa/v1/recovery-codes', { token: member.token, body: {} })).body.recoveryCodes,
    ).toHaveLength(10);
    expect(
      (await h.call('DELETE', `/_iam/mfa/v1/factors/${added.body.factor.factorId}`, { token: member.token })).status,
    ).toBe(200);
    const subjects = (await mailTo(h, member.email)).map((x) => x.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Email sign-in codes were added'),
        expect.stringContaining('recovery codes'),
        expect.stringContaining('Email sign-in codes were removed'),
      ]),
    );
  });
});

describe('limits', () => {
  it('per address: second-step answers beyond the address limit get 429 with Retry-After', async () => {
    const member = await m.withTotp('address-cap');
    const { body } = await m.login(member.email);
    const saved = { ...ipLimits.verification };
    ipLimits.verification.limit = 2;
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await m.verify('totp/verify', { stateToken: body.stateToken, totpData: { code: '12345' + i } }));
      expect(answers.map((a) => a.status)).toContain(429);
      const limited = answers.find((a) => a.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      Object.assign(ipLimits.verification, saved);
    }
  });

  it('per member: 30 second-step answers in 15 minutes, then even the right code is refused until the window passes', async () => {
    const member = await m.withTotp('member-cap');
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let token = 0; token < 6; token++) {
      const { body } = await m.login(member.email);
      for (let i = 0; i < 5; i++)
        await m.verify('totp/verify', {
          stateToken: body.stateToken,
          totpData: { code: wrong(totpCode(h, member.secret)) },
        });
    }
    h.clock.offset += 30_000;
    const capped = await m.login(member.email);
    const refused = await m.verify('totp/verify', {
      stateToken: capped.body.stateToken,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect([refused.status, appError(refused)]).toEqual([400, 'INVALID_STATE_TOKEN']);
    // Another member is not held back by it.
    const other = await m.withTotp('member-cap-other');
    h.clock.offset += 30_000;
    const free = await m.login(other.email);
    expect(
      (
        await m.verify('totp/verify', {
          stateToken: free.body.stateToken,
          totpData: { code: totpCode(h, other.secret) },
        })
      ).body.state,
    ).toBe('SUCCESS');

    await advance(h, 15 * 60_000 + 1000);
    const later = await m.login(member.email);
    expect(
      (
        await m.verify('totp/verify', {
          stateToken: later.body.stateToken,
          totpData: { code: totpCode(h, member.secret) },
        })
      ).body.state,
    ).toBe('SUCCESS');
  });
});
