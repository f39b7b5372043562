import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, memberCalls, startMfaServer, type MfaHarness } from '../../../test-support/mfa-kit.js';

/**
 * Each change to a member's second factors mails them a notice (email codes on and off, new recovery
 * codes); the factor management endpoints answer on the `/_iam` alias too.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

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
