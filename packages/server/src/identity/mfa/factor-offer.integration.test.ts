/**
 * What a member may set up, as GET factors answers it (offer.ts), and the phone refusals' data (issue #53: the
 * Security page offered call and WhatsApp the site did not allow, and every refusal read "check the number").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCalls, PASSWORD, startMfaServer, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { startPhoneServer, withPhone } from '../../../test-support/phone-kit.js';
import { whatsappOffered } from './offer.js';

let plain: MfaHarness;
let phone: MfaHarness;
beforeAll(async () => {
  plain = await startMfaServer();
  phone = await startPhoneServer({ kind: 'dev' }, { allowedCountries: ['FR'] });
});
afterAll(async () => {
  await plain?.server.close();
  await phone?.server.close();
});

const factors = async (h: MfaHarness, token: string) =>
  (await h.call('GET', '/_api/iam/mfa/v1/factors', { token })).body as Record<string, unknown>;

describe('GET factors says what the site offers', () => {
  it('without phone codes: no SMS or CALL, no phone; adding SMS is refused as a type the site does not offer', async () => {
    const member = await memberCalls(plain).register('offer-plain');
    const body = await factors(plain, member.token);
    expect(body.allowedFactorTypes).toEqual(['TOTP', 'EMAIL', 'WEBAUTHN']);
    expect(body.phone).toBeUndefined();
    const refused = await plain.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'SMS', phoneNumber: '+33612345678', currentPassword: PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'factorType',
      ruleName: 'INVALID_FACTOR_TYPE',
    });
  });

  it('with phone codes: SMS and CALL, WhatsApp, the countries; a number elsewhere is refused naming them', async () => {
    const member = await memberCalls(phone).register('offer-phone');
    const body = await factors(phone, member.token);
    expect(body.allowedFactorTypes).toEqual(['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL']);
    expect(body.phone).toEqual({ whatsapp: true, allowedCountries: ['FR'] });
    const refused = await phone.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'SMS', phoneNumber: '+12025550143', currentPassword: PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'phoneNumber',
      ruleName: 'PHONE_COUNTRY_NOT_ALLOWED',
      data: { allowedCountries: ['FR'] },
    });
  });

  it("lists the SMS factor's delivery methods at the second step", async () => {
    const member = await withPhone(phone, 'offer-step', 'SMS');
    const login = await memberCalls(phone).login(member.email);
    expect(login.body.requireMfaData.availableFactors).toContainEqual({
      factorType: 'SMS',
      factorStatus: 'ENABLED',
      deliveryMethods: ['SMS', 'WHATSAPP'],
    });
  });

  it('offers WhatsApp only with a sender for it', () => {
    const twilio = (whatsappFrom: string | undefined) => ({
      phone: {
        provider: {
          kind: 'twilio' as const,
          accountSid: 'AC0',
          authToken: 't',
          from: '+33612345678',
          messagingServiceSid: undefined,
          whatsappFrom,
          apiBaseUrl: 'https://api.twilio.com',
        },
        allowedCountries: [],
        limits: { perNumberPerDay: 1, perAddressPerDay: 1, perMemberPerDay: 1, perSitePerDay: 1, resendSeconds: 60 },
      },
    });
    expect(whatsappOffered(twilio(undefined))).toBe(false);
    expect(whatsappOffered(twilio('+33612345679'))).toBe(true);
    expect(whatsappOffered({})).toBe(true);
  });
});
