import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advance, appError, memberCalls, PASSWORD, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { freshNumber, phoneMessages, startPhoneServer } from '../../../test-support/phone-kit.js';

/**
 * Toll-fraud limits of phone codes (issue #32): the wait between two sends, and per day per number, per
 * address, per member and per site; allowed countries. Every refusal is a clear 4xx and is audited.
 * Small limits so each is reached in a few calls; the clock moves a day between tests.
 */
const DAY = 86_400_000;
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1) % 250}`;

beforeAll(async () => {
  h = await startPhoneServer(
    { kind: 'dev' },
    {
      limits: { perNumberPerDay: 2, perAddressPerDay: 3, perMemberPerDay: 3, perSitePerDay: 5, resendSeconds: 30 },
      allowedCountries: ['FR', 'BE'],
    },
    { config: (c) => ({ ...c, trustProxy: 1 }) },
  );
  m = memberCalls(h);
});
beforeEach(() => advance(h, DAY + 1000));
afterAll(() => h.server.close());

const add = (token: string, phoneNumber: string, ip: string) =>
  h.call('POST', '/_api/iam/mfa/v1/factors', {
    token,
    headers: { 'x-forwarded-for': ip },
    body: { factorType: 'SMS', phoneNumber, currentPassword: PASSWORD },
  });
const limitOf = (res: { body: { details?: { applicationError?: { data?: { limit?: string } } } } }) =>
  res.body.details?.applicationError?.data?.limit;

async function refusals() {
  const events = await h.server.ctx.authEvents.list(h.server.siteId, { type: 'phone_code' });
  return events.filter((e) => e.outcome === 'refused').map((e) => e.detail);
}

describe('phone code limits', () => {
  it('a member waits resendSeconds between two codes', async () => {
    const a = await m.register('wait');
    expect((await add(a.token, freshNumber(), freshIp())).status).toBe(200);
    const soon = await add(a.token, freshNumber(), freshIp());
    expect(soon.status).toBe(429);
    expect(appError(soon)).toBe('PHONE_RESEND_TOO_SOON');
    expect(soon.body.details.applicationError.data.retryAfterSeconds).toBeGreaterThan(0);
    await advance(h, 31_000);
    expect((await add(a.token, freshNumber(), freshIp())).status).toBe(200);
    expect((await refusals())[0]).toMatchObject({ reason: 'resend_too_soon', factorType: 'SMS', channel: 'sms' });
  });

  it('per number per day', async () => {
    const number = freshNumber();
    for (const tag of ['n1', 'n2']) {
      const member = await m.register(tag);
      expect((await add(member.token, number, freshIp())).status).toBe(200);
    }
    const third = await m.register('n3');
    const refused = await add(third.token, number, freshIp());
    expect(refused.status).toBe(429);
    expect(appError(refused)).toBe('PHONE_LIMIT_REACHED');
    expect(limitOf(refused)).toBe('number');
    expect(await phoneMessages(h, number)).toHaveLength(2);
    expect((await refusals())[0]).toMatchObject({ reason: 'daily_limit', limit: 'number' });
  });

  it('per member per day', async () => {
    const a = await m.register('member');
    for (let i = 0; i < 3; i++) {
      expect((await add(a.token, freshNumber(), freshIp())).status).toBe(200);
      await advance(h, 31_000);
    }
    const refused = await add(a.token, freshNumber(), freshIp());
    expect(limitOf(refused)).toBe('member');
  });

  it('per address per day', async () => {
    const ip = freshIp();
    for (const tag of ['a1', 'a2', 'a3']) {
      const member = await m.register(tag);
      expect((await add(member.token, freshNumber(), ip)).status).toBe(200);
    }
    const fourth = await m.register('a4');
    const refused = await add(fourth.token, freshNumber(), ip);
    expect(refused.status).toBe(429);
    expect(limitOf(refused)).toBe('address');
    // Another address is not held back by it.
    expect((await add(fourth.token, freshNumber(), freshIp())).status).toBe(200);
  });

  it('per site per day; a refused send gives back what it counted', async () => {
    for (let i = 0; i < 5; i++) {
      const member = await m.register(`s${i}`);
      expect((await add(member.token, freshNumber(), freshIp())).status).toBe(200);
    }
    const late = await m.register('s5');
    const number = freshNumber();
    const refused = await add(late.token, number, freshIp());
    expect(limitOf(refused)).toBe('site');
    expect(await phoneMessages(h, number)).toHaveLength(0);
    expect((await refusals())[0]).toMatchObject({ reason: 'daily_limit', limit: 'site' });
    // What the refused send counted before the site's limit was given back.
    const peek = (key: string) => h.server.ctx.limiter.peek(key).then((p) => p.count);
    expect(await peek(`phone-number:${h.server.siteId}:${number}`)).toBe(0);
    expect(await peek(`phone-member:${h.server.siteId}:${late.memberId}`)).toBe(0);
  });

  it('only numbers of the allowed countries', async () => {
    const a = await m.register('country');
    const refused = await add(a.token, '+4915123456789', freshIp());
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations[0].ruleName).toBe('PHONE_COUNTRY_NOT_ALLOWED');
    expect((await add(a.token, '+32470123456', freshIp())).status).toBe(200);
  });
});
