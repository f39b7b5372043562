import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, appError, memberCalls, PASSWORD, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { freshNumber, lastCode, phoneMessages, startPhoneServer, withPhone } from '../../../test-support/phone-kit.js';

/**
 * Phone second factors (issue #32) with the dev phone: a number confirmed by a code before it becomes a
 * factor, shown masked; sign-in by text, WhatsApp and call on the usual second step.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
const WAIT = 61_000; // past the resend wait between two codes to one member
beforeAll(async () => {
  h = await startPhoneServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

describe('adding a phone', () => {
  it('refuses what is not an E.164 number of a real numbering plan', async () => {
    const member = await m.register('bad-number');
    for (const phoneNumber of ['0612345678', '+3361234', 'call me', '+1 555 0100 9999 9999']) {
      const res = await h.call('POST', '/_api/iam/mfa/v1/factors', {
        token: member.token,
        body: { factorType: 'SMS', phoneNumber },
      });
      expect(res.status).toBe(400);
      expect(res.body.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'phoneNumber',
        ruleName: 'INVALID_PHONE',
      });
    }
  });

  it('texts a code to confirm the number; the factor is ACTIVE only with that code; the number is masked everywhere', async () => {
    const member = await m.register('add-sms');
    const number = freshNumber();
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'SMS', phoneNumber: number.replace(/^(\+33)(\d)/, '$1 $2 ') },
    });
    expect(added.status).toBe(200);
    const masked = `+33 •• •• •• ${number.slice(-2)}`;
    expect(added.body).toMatchObject({
      factor: { factorType: 'SMS', status: 'INACTIVE', phoneNumber: masked },
      phone: { maskedNumber: masked },
    });
    expect(added.text).not.toContain(number.slice(3));
    const [text] = await phoneMessages(h, number);
    expect(text).toMatchObject({ to: number, channel: 'sms' });
    // The domain-bound one-time-code line, last (WICG origin-bound one-time codes).
    expect(text!.text).toMatch(new RegExp(`\\n@${new URL(h.server.url).hostname} #\\d{6}$`));

    const factorId = added.body.factor.factorId as string;
    const code = await lastCode(h, number);
    const wrong = await h.call('POST', `/_api/iam/mfa/v1/factors/${factorId}/activate`, {
      token: member.token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.validationError.fieldViolations[0].ruleName).toBe('INVALID_CODE');
    const ok = await h.call('POST', `/_api/iam/mfa/v1/factors/${factorId}/activate`, {
      token: member.token,
      body: { code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.factor).toMatchObject({ factorType: 'SMS', status: 'ACTIVE', phoneNumber: masked });
    expect(ok.body.recoveryCodes).toHaveLength(10);

    const list = await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token });
    expect(list.body.factors).toEqual([expect.objectContaining({ factorType: 'SMS', phoneNumber: masked })]);
    expect(list.text).not.toContain(number.slice(3));

    // The identity's phonesV2 shows the confirmed number, masked, tagged MOBILE.
    const login = await m.login(member.email);
    expect(login.body.identity.identityProfile.phonesV2).toEqual([{ countryCode: 'FR', phone: masked, tag: 'MOBILE' }]);
    expect(login.text).not.toContain(number.slice(3));

    // The console's member page: the factor with its masked number.
    const support = await signedIn(h.server, 'phone-support@example.com', 'support');
    const detail = await support.call('GET', `/_admin/v1/members/${member.memberId}?siteId=${h.server.siteId}`);
    expect(detail.body.signInMethods.factors).toEqual([
      expect.objectContaining({ factorType: 'SMS', status: 'ACTIVE', phoneNumber: masked }),
    ]);
    expect(JSON.stringify(detail.body)).not.toContain(number.slice(3));
  });

  it('an enrolment code dies after 5 wrong tries, and after 10 minutes', async () => {
    const member = await m.register('tries');
    const number = freshNumber();
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'CALL', phoneNumber: number },
    });
    const factorId = added.body.factor.factorId as string;
    const code = await lastCode(h, number);
    const activate = (c: string) =>
      h.call('POST', `/_api/iam/mfa/v1/factors/${factorId}/activate`, {
        token: member.token,
        body: { code: c, currentPassword: PASSWORD },
      });
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await activate(wrongCode)).status).toBe(400);
    expect((await activate(code)).status).toBe(400);

    await advance(h, WAIT);
    const again = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'CALL', phoneNumber: number, currentPassword: PASSWORD },
    });
    expect(again.status).toBe(200);
    const fresh = await lastCode(h, number);
    await advance(h, 10 * 60_000 + 1000);
    const late = await h.call('POST', `/_api/iam/mfa/v1/factors/${again.body.factor.factorId}/activate`, {
      token: member.token,
      body: { code: fresh, currentPassword: PASSWORD },
    });
    expect(late.status).toBe(400);
  });
});

describe('signing in with a phone factor', () => {
  it('SMS: REQUIRE_MFA lists SMS; without a code one is texted (MFA_CHALLENGE, masked hint); wrong then right → SUCCESS', async () => {
    const member = await withPhone(h, 'sign-sms', 'SMS');
    await advance(h, WAIT);
    const login = await m.login(member.email);
    expect(login.body).toMatchObject({
      state: 'REQUIRE_MFA',
      requireMfaData: {
        availableFactors: [
          { factorType: 'SMS', factorStatus: 'ENABLED' },
          { factorType: 'CALL', factorStatus: 'ENABLED' },
          { factorType: 'RECOVERY_CODE', factorStatus: 'ENABLED' },
        ],
      },
    });
    const { stateToken } = login.body;
    const challenge = await m.verify('sms/verify', { stateToken, smsData: { deliveryMethod: 'SMS' } });
    expect(challenge.body).toMatchObject({
      state: 'MFA_CHALLENGE',
      stateToken,
      mfaChallengeData: {
        factorType: 'SMS',
        verificationChallengeData: { hint: `+33 •• •• •• ${member.number.slice(-2)}` },
      },
    });
    const code = await lastCode(h, member.number);
    const wrong = await m.verify('sms/verify', {
      stateToken,
      smsData: { code: code === '123456' ? '654321' : '123456' },
    });
    expect(wrong.body).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { attemptsLeft: { numValue: 4 } } });
    const ok = await m.verify('sms/verify', { stateToken, smsData: { code } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
  });

  it('WhatsApp delivery of an SMS factor, answered through /v2/verify {factorType: "SMS"}', async () => {
    const member = await withPhone(h, 'sign-wa', 'SMS');
    await advance(h, WAIT);
    const { stateToken } = (await m.login(member.email)).body;
    const challenge = await m.verify('verify', {
      factorType: 'SMS',
      stateToken,
      smsData: { deliveryMethod: 'WHATSAPP' },
    });
    expect(challenge.body.additionalData).toEqual({ deliveryMethod: { strValue: 'WHATSAPP' } });
    expect(challenge.body.mfaChallengeData.verificationChallengeData.resendAfterSeconds).toBe(60);
    const [message] = await phoneMessages(h, member.number);
    expect(message!.channel).toBe('whatsapp');
    const ok = await m.verify('verify', {
      factorType: 'SMS',
      stateToken,
      smsData: { code: await lastCode(h, member.number) },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('CALL: the call reads the code twice, digit by digit; callData.code → SUCCESS', async () => {
    const member = await withPhone(h, 'sign-call', 'CALL');
    await advance(h, WAIT);
    const { stateToken } = (await m.login(member.email)).body;
    const challenge = await m.verify('call/verify', { stateToken });
    expect(challenge.body.mfaChallengeData.factorType).toBe('CALL');
    const [call] = await phoneMessages(h, member.number);
    expect(call!.channel).toBe('call');
    const code = await lastCode(h, member.number);
    const digits = code.split('').join(', ');
    expect(call!.text.split(digits)).toHaveLength(3);
    const ok = await m.verify('call/verify', { stateToken, callData: { code } });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('a code answers only its own second step, once; "call me instead" calls the same confirmed number', async () => {
    const member = await withPhone(h, 'sign-bound', 'SMS');
    await advance(h, WAIT);
    const first = (await m.login(member.email)).body.stateToken as string;
    await m.verify('sms/verify', { stateToken: first });
    const code = await lastCode(h, member.number);
    const second = (await m.login(member.email)).body.stateToken as string;
    const elsewhere = await m.verify('sms/verify', { stateToken: second, smsData: { code } });
    expect(elsewhere.body.state).toBe('REQUIRE_MFA');
    expect((await m.verify('sms/verify', { stateToken: first, smsData: { code } })).body.state).toBe('SUCCESS');
    const call = await m.verify('call/verify', { stateToken: second });
    expect(call.body.mfaChallengeData).toMatchObject({ factorType: 'CALL' });
    expect((await phoneMessages(h, member.number))[0]!.channel).toBe('call');
    const byCall = await m.verify('call/verify', {
      stateToken: second,
      callData: { code: await lastCode(h, member.number) },
    });
    expect(byCall.body.state).toBe('SUCCESS');
  });

  it('within one second step: the same wait; a new code replaces the old one (one live code per factor)', async () => {
    const member = await withPhone(h, 'step-wait', 'SMS');
    await advance(h, WAIT);
    const { stateToken } = (await m.login(member.email)).body;
    const ask = () =>
      h.call('POST', '/_api/iam/authentication/v2/sms/verify', { token: h.visitor, body: { stateToken } });
    expect((await ask()).body.state).toBe('MFA_CHALLENGE');
    const old = await lastCode(h, member.number);
    const soon = await ask();
    expect(appError(soon)).toBe('PHONE_RESEND_TOO_SOON');
    await advance(h, WAIT);
    expect((await ask()).body.state).toBe('MFA_CHALLENGE');
    const fresh = await lastCode(h, member.number);
    if (old !== fresh) {
      const stale = await m.verify('sms/verify', { stateToken, smsData: { code: old } });
      expect(stale.body.state).toBe('REQUIRE_MFA');
    }
    expect((await m.verify('sms/verify', { stateToken, smsData: { code: fresh } })).body.state).toBe('SUCCESS');
  });

  it('PUSH with an unknown step is refused like the other factors (push-approval.integration.test.ts)', async () => {
    const res = await m.verify('push/verify', { stateToken: 'x'.repeat(40), pushData: { transactionId: 't' } });
    expect(res.status).toBe(400);
    expect(appError(res)).toBe('INVALID_STATE_TOKEN');
  });
});
