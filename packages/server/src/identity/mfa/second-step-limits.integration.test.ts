import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipLimits } from '../common.js';
import {
  advance,
  appError,
  memberCalls,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';

/** How many second-step answers are taken: per address (429 with Retry-After) and per member (15 minutes). */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
});
afterAll(() => h.server.close());

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
