import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, waitFor } from '../../../test-support/smtp.js';
import { verifyMemberEmail } from '../../members/index.js';
import {
  advance,
  appError,
  mailTo,
  memberCalls,
  PASSWORD,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';

/**
 * Managing factors (issue #14): TOTP enrolment with a secret sealed at rest, email codes through a
 * real SMTP server, the fresh sign-in rule, notices and auth events, removal, and the "required"
 * policy that makes a member enrol before the first SUCCESS.
 */
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  smtp = await startTestSmtp();
  h = await startMfaServer({}, { config: (c) => ({ ...c, smtpUrl: smtp.url, keyEncryptionKey: randomBytes(32) }) });
  m = memberCalls(h);
});
afterAll(async () => {
  await h.server.close();
  await smtp.close();
});

describe('authenticator app enrolment', () => {
  it('adds an inactive factor, activates it with a code, hands out 10 recovery codes once, mails a notice and records the event', async () => {
    const member = await m.register('enrol');
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'totp' },
    });
    expect(added.body).toMatchObject({
      factor: { factorId: expect.any(String), factorType: 'TOTP', status: 'INACTIVE' },
      totp: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/) },
    });
    expect(added.body.totp.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
    );
    // Sealed at rest under VITRINE_KEY_ENCRYPTION_KEY.
    const { rows } = await h.server.ctx.db.query<{ totp_secret: string }>(
      'select totp_secret from mfa_factors where id = $1',
      [added.body.factor.factorId],
    );
    expect(rows[0]!.totp_secret).toMatch(/^v1\./);
    expect(rows[0]!.totp_secret).not.toContain(added.body.totp.secret);

    const path = `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`;
    const wrong = await h.call('POST', path, { token: member.token, body: { code: '12345' } });
    expect(wrong.status).toBe(400);
    const ok = await h.call('POST', path, { token: member.token, body: { code: totpCode(h, added.body.totp.secret) } });
    expect(ok.body).toMatchObject({ factor: { status: 'ACTIVE' }, recoveryCodes: expect.any(Array) });
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    expect(ok.body.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await h.server.ctx.db.query<{ code_hash: Uint8Array }>(
      'select code_hash from mfa_recovery_codes where member_id = $1',
      [member.memberId],
    );
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(ok.body.recoveryCodes[0]);

    const listed = await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token });
    expect(listed.body.factors).toEqual([
      expect.objectContaining({ factorType: 'TOTP', status: 'ACTIVE', createdDate: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(added.body.totp.secret);
    expect((await mailTo(h, member.email)).map((x) => x.subject)).toContainEqual(
      expect.stringContaining('authenticator app was added'),
    );
    const events = await h.server.ctx.db.query<{ type: string; detail: { factorType: string } }>(
      `select type, detail from auth_events where member_id = $1 and type like 'factor%'`,
      [member.memberId],
    );
    expect(events.rows).toEqual([{ type: 'factor_added', detail: { factorType: 'TOTP' } }]);

    const newCodes = await h.call('POST', '/_api/iam/mfa/v1/recovery-codes', { token: member.token, body: {} });
    expect(newCodes.body.recoveryCodes).toHaveLength(10);
    const { body } = await m.login(member.email);
    const old = await m.verify('recovery_code/verify', {
      stateToken: body.stateToken,
      recoveryCodeData: { code: ok.body.recoveryCodes[0] },
    });
    expect(old.body.state).toBe('REQUIRE_MFA');
    expect(
      (
        await m.verify('recovery_code/verify', {
          stateToken: body.stateToken,
          recoveryCodeData: { code: newCodes.body.recoveryCodes[0] },
        })
      ).body.state,
    ).toBe('SUCCESS');
  });

  it('changes need a sign-in of the last 10 minutes or the current password', async () => {
    const member = await m.register('fresh');
    await advance(h, 11 * 60_000);
    const stale = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'TOTP' },
    });
    expect([stale.status, appError(stale)]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
    const wrongPassword = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'TOTP', currentPassword: 'not it at all' },
    });
    expect(appError(wrongPassword)).toBe('-19976');
    const withPassword = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'TOTP', currentPassword: PASSWORD },
    });
    expect(withPassword.body.factor.status).toBe('INACTIVE');
    expect((await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token })).status).toBe(200);
    expect((await h.call('GET', '/_api/iam/mfa/v1/factors', { token: h.visitor })).status).toBe(401);
    h.clock.offset = 0;
    await advance(h, 0);
  });

  it('removing the last factor ends the second step, its recovery codes and remembered devices; a notice goes out', async () => {
    const member = await m.withTotp('remove');
    const removed = await h.call('DELETE', `/_api/iam/mfa/v1/factors/${member.factorId}`, { token: member.token });
    expect(removed.status).toBe(200);
    expect((await m.login(member.email)).body.state).toBe('SUCCESS');
    expect((await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token })).body).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
      // What the site offers (docs/phone-factors.md): unchanged by the removal.
      allowedFactorTypes: ['TOTP', 'EMAIL', 'WEBAUTHN'],
    });
    expect((await mailTo(h, member.email)).map((x) => x.subject)).toContainEqual(
      expect.stringContaining('authenticator app was removed'),
    );
    expect(
      (await h.call('DELETE', `/_api/iam/mfa/v1/factors/${member.factorId}`, { token: member.token })).status,
    ).toBe(404);
  });
});

describe('email codes', () => {
  it('choosing EMAIL mails a code through SMTP (MFA_CHALLENGE); the code signs in once', async () => {
    const member = await m.register('email');
    const unverified = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'EMAIL' },
    });
    expect(appError(unverified)).toBe('EMAIL_NOT_VERIFIED');
    await h.server.ctx.db.transaction((tx) => verifyMemberEmail(tx, h.server.siteId, member.memberId, Date.now()));
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'EMAIL' },
    });
    expect(added.body).toMatchObject({
      factor: { factorType: 'EMAIL', status: 'ACTIVE' },
      recoveryCodes: expect.any(Array),
    });

    const first = await m.login(member.email);
    expect(first.body.requireMfaData.availableFactors.map((f: { factorType: string }) => f.factorType)).toEqual([
      'EMAIL',
      'RECOVERY_CODE',
    ]);
    const chosen = await m.verify('email/verify', { stateToken: first.body.stateToken });
    expect(chosen.body).toMatchObject({
      state: 'MFA_CHALLENGE',
      stateToken: first.body.stateToken,
      mfaChallengeData: { factorType: 'EMAIL', reason: 'USER_SETTINGS' },
    });
    const delivered = await waitFor(() =>
      smtp.received.find((x) => x.to.includes(member.email) && /code is \d{6}/.test(x.raw)),
    );
    const code = /code is (\d{6})/.exec(delivered.raw)![1]!;

    const wrong = await m.verify('email/verify', {
      stateToken: first.body.stateToken,
      emailData: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { attemptsLeft: { numValue: 4 } } });
    const ok = await m.verify('email/verify', { stateToken: first.body.stateToken, emailData: { code } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    const second = await m.login(member.email);
    const replay = await m.verify('email/verify', { stateToken: second.body.stateToken, emailData: { code } });
    expect(replay.body.state).toBe('REQUIRE_MFA');
  });
});

describe('policies.mfa', () => {
  it('"required": a member without a factor enrols one with the stateToken before the first SUCCESS', async () => {
    const r = await startMfaServer({ mfa: 'required', mfaFactors: ['TOTP'] });
    try {
      const rm = memberCalls(r);
      const member = await rm.register('required');
      const first = await rm.login(member.email);
      expect(first.body).toMatchObject({
        state: 'REQUIRE_MFA',
        requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'REQUIRE_ACTIVATION' }] },
      });
      expect(first.body.sessionToken).toBeUndefined();
      const early = await rm.verify('totp/verify', { stateToken: first.body.stateToken, totpData: { code: '123456' } });
      expect(early.status).toBe(400);
      const email = await r.call('POST', '/_api/iam/mfa/v1/factors', {
        token: r.visitor,
        body: { factorType: 'EMAIL', stateToken: first.body.stateToken },
      });
      expect(email.status).toBe(400);
      const added = await r.call('POST', '/_api/iam/mfa/v1/factors', {
        token: r.visitor,
        body: { factorType: 'TOTP', stateToken: first.body.stateToken },
      });
      expect(added.body.factor.status).toBe('INACTIVE');
      const done = await r.call('POST', `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`, {
        token: r.visitor,
        body: { stateToken: first.body.stateToken, code: totpCode(r, added.body.totp.secret) },
      });
      expect(done.body).toMatchObject({
        state: 'SUCCESS',
        sessionToken: expect.any(String),
        factor: { status: 'ACTIVE' },
      });
      expect(done.body.recoveryCodes).toHaveLength(10);
      // From now on it is an ordinary second step; the stateToken no longer enrols anything.
      const next = await rm.login(member.email);
      expect(next.body.requireMfaData.availableFactors[0]).toEqual({ factorType: 'TOTP', factorStatus: 'ENABLED' });
      const again = await r.call('POST', '/_api/iam/mfa/v1/factors', {
        token: r.visitor,
        body: { factorType: 'TOTP', stateToken: next.body.stateToken },
      });
      expect(again.status).toBe(403);
    } finally {
      await r.server.close();
    }
  });

  it('"off": no second step even with a factor, and no new factors', async () => {
    const member = await m.withTotp('off');
    h.server.ctx.sites.get(h.server.siteId)!.policies.mfa = 'off';
    try {
      expect((await m.login(member.email)).body.state).toBe('SUCCESS');
      const add = await h.call('POST', '/_api/iam/mfa/v1/factors', {
        token: member.token,
        body: { factorType: 'EMAIL' },
      });
      expect(appError(add)).toBe('MFA_DISABLED');
    } finally {
      delete h.server.ctx.sites.get(h.server.siteId)!.policies.mfa;
    }
    expect((await m.login(member.email)).body.state).toBe('REQUIRE_MFA');
  });
});
