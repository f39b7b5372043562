import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepExpired } from '../housekeeping.js';
import {
  advance,
  appError,
  memberCalls,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';

/**
 * The second step of a sign-in (issue #14) through the server: REQUIRE_MFA from login, TOTP codes (wrong,
 * replayed), recovery codes, remembered devices and what voids them, unavailable factors. Expiry, the five
 * attempts, the limits and the lock are checked by calling the flow: mfa/verify.integration.test.ts.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
beforeEach(async () => {
  h.clock.offset = 0;
  await advance(h, 0);
});
afterAll(() => h.server.close());
const STEP = 30_000;

describe('second step with an authenticator app', () => {
  it('members without a factor sign in as before', async () => {
    const member = await m.register('plain');
    const res = await m.login(member.email);
    expect(res.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(res.body.requireMfaData).toBeUndefined();
  });

  it('login → REQUIRE_MFA; a wrong code keeps the stateToken; the right code → SUCCESS; the same code never works twice', async () => {
    const member = await m.withTotp('totp');
    expect(member.recoveryCodes).toHaveLength(10);
    h.clock.offset += STEP;
    const first = await m.login(member.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken: expect.any(String),
      requireMfaData: {
        reason: 'USER_SETTINGS',
        availableFactors: [
          { factorType: 'TOTP', factorStatus: 'ENABLED' },
          { factorType: 'RECOVERY_CODE', factorStatus: 'ENABLED' },
        ],
      },
    });
    expect(first.body.sessionToken).toBeUndefined();
    const { stateToken } = first.body;

    const wrong = await m.verify('totp/verify', {
      stateToken,
      totpData: { code: '000000' === totpCode(h, member.secret) ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken,
      additionalData: { attemptsLeft: { numValue: 4 } },
    });

    const code = totpCode(h, member.secret);
    const ok = await m.verify('TOTP/verify', { stateToken, totpData: { code } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    // The stateToken was spent with it.
    expect(appError(await m.verify('totp/verify', { stateToken, totpData: { code } }))).toBe('INVALID_STATE_TOKEN');

    // Replayed in a new sign-in within the same 30 s step: refused (RFC 6238 §5.2).
    const again = await m.login(member.email);
    const replay = await m.verify('totp/verify', { stateToken: again.body.stateToken, totpData: { code } });
    expect(replay.body).toMatchObject({
      state: 'REQUIRE_MFA',
      additionalData: { failure: { strValue: 'WRONG_CODE' } },
    });
    h.clock.offset += STEP;
    const next = await m.verify('verify', {
      factorType: 'totp',
      stateToken: again.body.stateToken,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect(next.body.state).toBe('SUCCESS');
  });

  it('a recovery code works once, with any spacing and case', async () => {
    const member = await m.withTotp('recovery');
    const first = await m.login(member.email);
    const code = member.recoveryCodes[0]!;
    const ok = await m.verify('recovery_code/verify', {
      stateToken: first.body.stateToken,
      recoveryCodeData: { code: ` ${code.toUpperCase()} ` },
    });
    expect(ok.body.state).toBe('SUCCESS');
    const second = await m.login(member.email);
    const reused = await m.verify('RECOVERY_CODE/verify', {
      stateToken: second.body.stateToken,
      recoveryCodeData: { code },
    });
    expect(reused.body).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { attemptsLeft: { numValue: 4 } } });
    const other = await m.verify('verify', {
      factorType: 'RECOVERY_CODE',
      stateToken: second.body.stateToken,
      recoveryCodeData: { code: member.recoveryCodes[1] },
    });
    expect(other.body.state).toBe('SUCCESS');
    const listed = await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token });
    expect(listed.body.recoveryCodesLeft).toBe(8);
  });

  it('PASSWORD answers "not available"; SMS, CALL, PUSH and EMAIL when the member has no such factor', async () => {
    const member = await m.withTotp('unavailable');
    h.clock.offset += STEP;
    const { body } = await m.login(member.email);
    for (const type of ['sms', 'CALL', 'Push', 'password']) {
      const res = await m.verify(`${type}/verify`, { stateToken: body.stateToken, smsData: { code: '123456' } });
      expect([res.status, appError(res)]).toEqual([400, 'FACTOR_NOT_AVAILABLE']);
    }
    expect(appError(await m.verify('email/verify', { stateToken: body.stateToken }))).toBe('FACTOR_NOT_AVAILABLE');
    expect(appError(await m.verify('verify', { factorType: 'FAX', stateToken: body.stateToken }))).toBe(
      'INVALID_FACTOR_TYPE',
    );
    // None of those spent an attempt.
    const ok = await m.verify('totp/verify', {
      stateToken: body.stateToken,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });
});

describe('remember this device', () => {
  it('a device token skips the second step for 30 days and no longer; a made-up one does not', async () => {
    const member = await m.withTotp('device');
    h.clock.offset += STEP;
    const first = await m.login(member.email);
    const ok = await m.verify('totp/verify', {
      stateToken: first.body.stateToken,
      rememberThisDevice: true,
      totpData: { code: totpCode(h, member.secret) },
    });
    const deviceToken = ok.body.additionalData.deviceToken.strValue as string;
    expect(deviceToken.length).toBeGreaterThanOrEqual(40);

    expect((await m.login(member.email, { deviceToken })).body.state).toBe('SUCCESS');
    expect((await m.login(member.email, { deviceToken: 'x'.repeat(43) })).body.state).toBe('REQUIRE_MFA');
    expect((await m.login(member.email)).body.state).toBe('REQUIRE_MFA');
    await advance(h, 29 * 86_400_000);
    expect((await m.login(member.email, { deviceToken })).body.state).toBe('SUCCESS');
    await advance(h, 2 * 86_400_000);
    expect((await m.login(member.email, { deviceToken })).body.state).toBe('REQUIRE_MFA');
  });

  it('a password change and sign-out everywhere void every device token', async () => {
    const member = await m.withTotp('voided');
    const remember = async () => {
      h.clock.offset += STEP;
      const { body } = await m.login(member.email);
      const ok = await m.verify('totp/verify', {
        stateToken: body.stateToken,
        rememberThisDevice: true,
        totpData: { code: totpCode(h, member.secret) },
      });
      return ok.body.additionalData.deviceToken.strValue as string;
    };
    const before = await remember();
    const change = await h.call('POST', '/_api/iam/authentication/v2/change-password', {
      token: member.token,
      body: { newPassword: 'second factor pass 2', currentPassword: 'second factor pass 1' },
    });
    expect(change.status).toBe(200);
    await h.call('POST', '/_api/iam/authentication/v2/change-password', {
      token: member.token,
      body: { newPassword: 'second factor pass 1', currentPassword: 'second factor pass 2' },
    });
    expect((await m.login(member.email, { deviceToken: before })).body.state).toBe('REQUIRE_MFA');

    const beforeEnd = await remember();
    await h.server.ctx.db.transaction((tx) =>
      h.server.ctx.tokens.revokeMemberSessions(tx, h.server.siteId, member.memberId, { reason: 'sign-out-everywhere' }),
    );
    expect((await m.login(member.email, { deviceToken: beforeEnd })).body.state).toBe('REQUIRE_MFA');
  });
});

describe('housekeeping', () => {
  it('the identity sweep deletes second steps and device tokens a day after they ended', async () => {
    const member = await m.withTotp('sweep');
    h.clock.offset += STEP;
    const { body } = await m.login(member.email);
    const ok = await m.verify('totp/verify', {
      stateToken: body.stateToken,
      rememberThisDevice: true,
      totpData: { code: totpCode(h, member.secret) },
    });
    expect(ok.body.state).toBe('SUCCESS');
    await m.login(member.email); // a second step left unanswered
    const count = async () => {
      const { rows } = await h.server.ctx.db.query<{ n: string }>(
        `select (select count(*) from mfa_challenges where member_id = $1) + (select count(*) from mfa_device_tokens where member_id = $1) as n`,
        [member.memberId],
      );
      return Number(rows[0]!.n);
    };
    expect(await count()).toBe(3);
    await sweepExpired(h.server.ctx.db, Date.now() + h.clock.offset + 2 * 86_400_000);
    expect(await count()).toBe(1); // the device token lives 30 days
    await sweepExpired(h.server.ctx.db, Date.now() + h.clock.offset + 32 * 86_400_000);
    expect(await count()).toBe(0);
  });
});

describe('timing of a refused answer', () => {
  it('a wrong authenticator code and a wrong recovery code each take at least the refusal floor, so the time does not tell which check refused', async () => {
    const { REFUSAL_FLOOR_MS } = await import('../../security/index.js');
    const member = await m.withTotp('timing');
    h.clock.offset += STEP;
    const { stateToken } = (await m.login(member.email)).body;
    const wrongTotp = '000000' === totpCode(h, member.secret) ? '111111' : '000000';
    const timed = async (path: string, body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await m.verify(path, { stateToken, ...body });
      expect(res.body).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { failure: { strValue: 'WRONG_CODE' } } });
      return performance.now() - started;
    };
    const totp = await timed('totp/verify', { totpData: { code: wrongTotp } });
    const recovery = await timed('recovery_code/verify', { recoveryCodeData: { code: 'AAAA-BBBB-CCCC' } });
    // Timer resolution allowance of 2 ms; without the floor these answers take a few milliseconds.
    expect(totp).toBeGreaterThanOrEqual(REFUSAL_FLOOR_MS - 2);
    expect(recovery).toBeGreaterThanOrEqual(REFUSAL_FLOOR_MS - 2);
  });
});
