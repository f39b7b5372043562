import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, appError, memberCalls, PASSWORD, totpCode, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { freshNumber, startPhoneServer } from '../../../test-support/phone-kit.js';
import { startTwilioFake, type TwilioFake } from '../../../test-support/twilio-fake.js';

/**
 * Phone factors end to end through Twilio's API shapes (a local server speaking them), and what a
 * provider failure does: a clear 503 PHONE_DELIVERY_FAILED, audited, never a 500, and the member signs in
 * with another factor.
 */
const SID = `AC${'c3'.repeat(16)}`;
const TOKEN = 'another-twilio-auth-token-42';
let twilio: TwilioFake;
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
const WAIT = 61_000;
beforeAll(async () => {
  twilio = await startTwilioFake(SID, TOKEN);
  h = await startPhoneServer({
    kind: 'twilio',
    accountSid: SID,
    authToken: TOKEN,
    from: '+33700000002',
    messagingServiceSid: undefined,
    whatsappFrom: undefined,
    apiBaseUrl: twilio.url,
  });
  m = memberCalls(h);
});
afterAll(async () => {
  await h.server.close();
  await twilio.close();
});

/** The code of the newest text or call Twilio was asked to make to `to`. */
function twilioCode(to: string): string {
  const last = twilio.requests.filter((r) => r.fields.To?.endsWith(to)).at(-1);
  const text = last?.fields.Body ?? last?.fields.Twiml ?? '';
  const match = /#(\d{6})$/.exec(text) ?? /(\d), (\d), (\d), (\d), (\d), (\d)\./.exec(text);
  if (!match) throw new Error(`nothing sent to ${to}`);
  return match.length > 2 ? match.slice(1, 7).join('') : match[1]!;
}

async function addPhone(token: string, factorType: 'SMS' | 'CALL', phoneNumber: string) {
  const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
    token,
    body: { factorType, phoneNumber, currentPassword: PASSWORD },
  });
  if (added.status !== 200) return added;
  return h.call('POST', `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`, {
    token,
    body: { code: twilioCode(phoneNumber), currentPassword: PASSWORD },
  });
}

describe('phone factors through twilio', () => {
  it('enrol by text, sign in with a text code; enrol by call, sign in with a call code', async () => {
    const member = await m.register('twilio');
    const number = freshNumber();
    expect((await addPhone(member.token, 'SMS', number)).status).toBe(200);
    await advance(h, WAIT);
    expect((await addPhone(member.token, 'CALL', number)).status).toBe(200);
    expect(twilio.requests.slice(-2).map((r) => r.resource)).toEqual(['Messages', 'Calls']);

    for (const [path, data] of [
      ['sms/verify', 'smsData'],
      ['call/verify', 'callData'],
    ] as const) {
      await advance(h, WAIT);
      const login = await m.login(member.email);
      expect(login.body.requireMfaData.availableFactors.map((f: { factorType: string }) => f.factorType)).toEqual([
        'SMS',
        'CALL',
        'RECOVERY_CODE',
      ]);
      const { stateToken } = login.body;
      expect((await m.verify(path, { stateToken })).body.state).toBe('MFA_CHALLENGE');
      const ok = await m.verify(path, { stateToken, [data]: { code: twilioCode(number) } });
      expect(ok.body.state).toBe('SUCCESS');
    }
  });

  it('a provider failure is a clear 503, audited; the member signs in with their app instead', async () => {
    const member = await m.withTotp('fails');
    const number = freshNumber();
    await advance(h, WAIT);
    expect((await addPhone(member.token, 'SMS', number)).status).toBe(200);
    twilio.refuse.add(number);
    await advance(h, WAIT);
    const login = await m.login(member.email);
    const { stateToken } = login.body;
    const failed = await m.verify('sms/verify', { stateToken });
    expect(failed.status).toBe(503);
    expect(appError(failed)).toBe('PHONE_DELIVERY_FAILED');
    expect(failed.text).not.toContain('Twilio');
    const events = await h.server.ctx.authEvents.list(h.server.siteId, { type: 'phone_code' });
    expect(events[0]).toMatchObject({ outcome: 'failure', detail: { reason: 'delivery_failed', channel: 'sms' } });
    // Adding a number the provider cannot reach fails the same way and leaves no usable factor.
    await advance(h, 0);
    const other = freshNumber();
    twilio.refuse.add(other);
    const add = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'CALL', phoneNumber: other, currentPassword: PASSWORD },
    });
    expect(add.status).toBe(503);

    const ok = await m.verify('totp/verify', { stateToken, totpData: { code: totpCode(h, member.secret) } });
    expect(ok.body.state).toBe('SUCCESS');
  });
});
