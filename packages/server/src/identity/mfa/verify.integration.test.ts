/**
 * The second step's rules (mfa/verify.ts), called as a function (issue #49): authenticator codes (wrong, replayed,
 * expired, too many), recovery codes, factors a member does not have, the per-address and per-member limits and
 * the lock after 100 wrong answers in a row (audit S-5); on a pooled PGlite with a clock the test moves
 * (test-support/flow-world.ts), no server. A member's factor and sign-in step are written directly (the rows
 * login and enrolment leave). Every refused answer waits out the refusal floor (150 ms, security/answer-floor.ts),
 * so wrong answers are sent side by side. What the client sees (paths, envelopes, the SMTP notice, the owner's
 * unlock, the floor's timing) stays with second-step.integration.test.ts and second-factor-lockout.integration.test.ts.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import type { Member } from '../../members/index.js';
import { newTotpSecret } from '../../security/index.js';
import { ipLimits } from '../common.js';
import { MAX_MFA_ATTEMPTS, MFA_STATE_TTL_SECONDS, startChallenge } from './challenge.js';
import { insertFactor } from './factors.js';
import { secondFactorLockout } from './lockout.js';
import { newRecoveryCodeSet, replaceRecoveryCodes } from './recovery-codes.js';
import { memberAttemptLimit, verifyFactor } from './verify.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const STEP = 30_000;
const WINDOW = memberAttemptLimit.windowSeconds * 1000;

interface TotpMember extends Member {
  secret: string;
}
/** A member with an active authenticator app (the secret stored unsealed: the world has no key-encryption key). */
async function withTotp(tag: string): Promise<TotpMember> {
  const member = await world.member(unique(tag), 'second factor pass 1');
  const secret = newTotpSecret();
  await insertFactor(world.deps.ctx.db, {
    siteId: world.site.id,
    memberId: member.id,
    type: 'TOTP',
    status: 'ACTIVE',
    totpSecret: secret,
    now: world.clock.now(),
  });
  return { ...member, secret };
}
const totpCode = (member: TotpMember) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(member.secret) }).generate({
    timestamp: world.clock.now(),
  });
const wrongCode = (member: TotpMember) => (totpCode(member) === '000000' ? '111111' : '000000');
/** The stateToken of a second step, as login leaves it for this member. */
const signIn = (member: Member) =>
  startChallenge(world.deps.ctx.db, {
    siteId: world.site.id,
    memberId: member.id,
    visitorId: undefined,
    now: world.clock.now(),
  });
const answer = (stateToken: string, code: string, scope = world.scope()) =>
  verifyFactor(world.deps, scope, { stateToken, totpData: { code } }, 'TOTP');
/** What an answer came to: its state and failure, or the refusal's code and `data.reason`. */
const outcome = (promise: Promise<{ state: string; additionalData: Record<string, unknown> }>) =>
  promise.then(
    (a) => {
      const failure = (a.additionalData.failure as { strValue?: string } | undefined)?.strValue;
      return failure ? `${a.state}:${failure}` : a.state;
    },
    (e: { code?: string; status?: number; data?: { reason?: string }; violations?: { field: string }[] }) =>
      e.violations?.map((v) => v.field).join() ??
      (e.data?.reason ? `${e.code}:${e.data.reason}` : e.status === 429 ? `429:${e.code}` : String(e.code)),
  );
const failuresInARow = async (member: Member) =>
  (
    await world.deps.ctx.db.query<{ consecutive: number }>(
      'select consecutive from mfa_failures where member_id = $1',
      [member.id],
    )
  ).rows.map((r) => Number(r.consecutive));
/** `tokens` sign-ins answered with `perToken` wrong codes each, all side by side. */
async function wrongAnswers(member: TotpMember, tokens: number, perToken = MAX_MFA_ATTEMPTS): Promise<string[]> {
  const stateTokens = await Promise.all(Array.from({ length: tokens }, () => signIn(member)));
  const answers = stateTokens.flatMap((token) =>
    Array.from({ length: perToken }, () => outcome(answer(token, wrongCode(member)))),
  );
  return Promise.all(answers);
}

describe('an authenticator code', () => {
  it('a wrong code keeps the stateToken; the right one → SUCCESS and spends it; a code never works twice', async () => {
    const member = await withTotp('totp');
    world.clock.advance(STEP);
    const stateToken = await signIn(member);
    const wrong = await answer(stateToken, wrongCode(member));
    expect(wrong).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken,
      additionalData: { failure: { strValue: 'WRONG_CODE' }, attemptsLeft: { numValue: MAX_MFA_ATTEMPTS - 1 } },
    });
    const code = totpCode(member);
    expect(await answer(stateToken, code)).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(await outcome(answer(stateToken, code))).toBe('INVALID_STATE_TOKEN');
    // Replayed in a new sign-in within the same 30 s step: refused (RFC 6238 §5.2); the next step's code works.
    const again = await signIn(member);
    expect(await outcome(answer(again, code))).toBe('REQUIRE_MFA:WRONG_CODE');
    world.clock.advance(STEP);
    expect(await outcome(answer(again, totpCode(member)))).toBe('SUCCESS');
    expect(await failuresInARow(member)).toEqual([]);
  });

  it(`${MAX_MFA_ATTEMPTS} wrong codes end the stateToken, even sent at once, the right code included`, async () => {
    const member = await withTotp('attempts');
    world.clock.advance(STEP);
    const stateToken = await signIn(member);
    const answers = await Promise.all(
      Array.from({ length: MAX_MFA_ATTEMPTS + 2 }, () => outcome(answer(stateToken, wrongCode(member)))),
    );
    expect(answers.filter((a) => a === 'REQUIRE_MFA:WRONG_CODE')).toHaveLength(MAX_MFA_ATTEMPTS - 1);
    expect(answers.filter((a) => a === 'INVALID_STATE_TOKEN')).toHaveLength(3);
    expect(await outcome(answer(stateToken, totpCode(member)))).toBe('INVALID_STATE_TOKEN');
  });

  it(`a stateToken ends after ${MFA_STATE_TTL_SECONDS / 60} minutes`, async () => {
    const member = await withTotp('expiry');
    const inTime = await signIn(member);
    const late = await signIn(member);
    world.clock.advance(MFA_STATE_TTL_SECONDS * 1000 - 1000);
    expect(await outcome(answer(inTime, totpCode(member)))).toBe('SUCCESS');
    world.clock.advance(STEP);
    expect(await outcome(answer(late, totpCode(member)))).toBe('INVALID_STATE_TOKEN');
  });
});

describe('a recovery code', () => {
  it('works once, with any spacing and case', async () => {
    const member = await withTotp('recovery');
    const set = await newRecoveryCodeSet(world.site.id, member.id);
    const codes = await replaceRecoveryCodes(world.deps.ctx.db, world.site.id, member.id, world.clock.now(), set);
    const recover = (stateToken: string, code: string) =>
      outcome(verifyFactor(world.deps, world.scope(), { stateToken, recoveryCodeData: { code } }, 'RECOVERY_CODE'));
    expect(await recover(await signIn(member), ` ${codes[0]!.toUpperCase()} `)).toBe('SUCCESS');
    const second = await signIn(member);
    expect(await recover(second, codes[0]!)).toBe('REQUIRE_MFA:WRONG_CODE');
    expect(await recover(second, codes[1]!.replace('-', ''))).toBe('SUCCESS');
  });
});

describe('what may be answered', () => {
  it('a factor the member does not have is not available, and asking spends no attempt', async () => {
    const member = await withTotp('unavailable');
    world.clock.advance(STEP);
    const stateToken = await signIn(member);
    for (const type of ['SMS', 'CALL', 'PUSH', 'EMAIL', 'WEBAUTHN', 'RECOVERY_CODE'] as const)
      expect(
        await outcome(verifyFactor(world.deps, world.scope(), { stateToken, smsData: { code: '123456' } }, type)),
      ).toBe('FACTOR_NOT_AVAILABLE');
    expect(await outcome(answer(stateToken, totpCode(member)))).toBe('SUCCESS');
  });

  it('no stateToken is a violation; with second factors off, every stateToken is unknown', async () => {
    const member = await withTotp('off');
    const stateToken = await signIn(member);
    expect(await outcome(verifyFactor(world.deps, world.scope(), { totpData: { code: '123456' } }, 'TOTP'))).toBe(
      'stateToken',
    );
    const off = world.scope({ policies: { mfa: 'off' } });
    expect(await outcome(answer(stateToken, totpCode(member), off))).toBe('INVALID_STATE_TOKEN');
  });
});

describe('limits', () => {
  it(`per address: ${ipLimits.verification.limit} answers per window, then 429 with Retry-After`, async () => {
    const scope = world.scope();
    const unknown = 'x'.repeat(43);
    for (let i = 0; i < ipLimits.verification.limit; i++)
      expect(await outcome(answer(unknown, '123456', scope))).toBe('INVALID_STATE_TOKEN');
    const limited = await answer(unknown, '123456', scope).catch((e: { status: number; headers: object }) => e);
    expect(limited).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^[1-9]\d*$/) } });
  });

  it(`per member: ${memberAttemptLimit.limit} answers per ${memberAttemptLimit.windowSeconds / 60} minutes, then even the right code is refused until the window passes`, async () => {
    const member = await withTotp('member-cap');
    const tokens = memberAttemptLimit.limit / MAX_MFA_ATTEMPTS;
    const answers = await wrongAnswers(member, tokens);
    // Each stateToken: wrong answers while attempts are left, and its last attempt ends it.
    expect(answers.filter((a) => a === 'REQUIRE_MFA:WRONG_CODE')).toHaveLength(tokens * (MAX_MFA_ATTEMPTS - 1));
    expect(answers.filter((a) => a === 'INVALID_STATE_TOKEN')).toHaveLength(tokens);
    world.clock.advance(STEP);
    expect(await outcome(answer(await signIn(member), totpCode(member)))).toBe('INVALID_STATE_TOKEN');
    // Another member is not held back by it.
    const other = await withTotp('member-cap-other');
    expect(await outcome(answer(await signIn(other), totpCode(other)))).toBe('SUCCESS');
    world.clock.advance(WINDOW);
    expect(await outcome(answer(await signIn(member), totpCode(member)))).toBe('SUCCESS');
  });
});

describe(`the lock after ${secondFactorLockout.failures} wrong answers in a row (S-5)`, () => {
  it('counts across stateTokens and windows, then refuses the right code and a recovery code; the member is mailed once', async () => {
    const member = await withTotp('lock-100');
    const codes = await replaceRecoveryCodes(
      world.deps.ctx.db,
      world.site.id,
      member.id,
      world.clock.now(),
      await newRecoveryCodeSet(world.site.id, member.id),
    );
    // Four windows of the per-member limit (30 per 15 minutes): 30 + 30 + 30 + 10 wrong answers.
    for (const tokens of [6, 6, 6, 2]) {
      const answers = await wrongAnswers(member, tokens);
      expect(answers.every((a) => a === 'REQUIRE_MFA:WRONG_CODE' || a === 'INVALID_STATE_TOKEN')).toBe(true);
      world.clock.advance(WINDOW);
    }
    expect(await failuresInARow(member)).toEqual([secondFactorLockout.failures]);
    expect(await outcome(answer(await signIn(member), totpCode(member)))).toBe(
      'INVALID_STATE_TOKEN:SECOND_FACTOR_LOCKED',
    );
    world.clock.advance(WINDOW);
    const viaRecovery = verifyFactor(
      world.deps,
      world.scope(),
      { stateToken: await signIn(member), recoveryCodeData: { code: codes[0] } },
      'RECOVERY_CODE',
    );
    expect(await outcome(viaRecovery)).toBe('INVALID_STATE_TOKEN:SECOND_FACTOR_LOCKED');
    expect((await world.mails(member.email)).map((m) => m.kind)).toEqual(['second-factor-failures']);
    expect(world.events.filter((e) => e.memberId === member.id && e.type === 'lockout').map((e) => e.detail)).toEqual([
      expect.objectContaining({ scope: 'second_factor', begins: true }),
    ]);
  });

  it(`a right answer sets the count back to 0, so the next run of ${secondFactorLockout.notifyAt} mails again`, async () => {
    const member = await withTotp('lock-reset');
    for (let run = 1; run <= 2; run++) {
      await wrongAnswers(member, secondFactorLockout.notifyAt / 5, 5);
      expect(await failuresInARow(member)).toEqual([secondFactorLockout.notifyAt]);
      expect(await world.mails(member.email)).toHaveLength(run);
      world.clock.advance(WINDOW);
      expect(await outcome(answer(await signIn(member), totpCode(member)))).toBe('SUCCESS');
      expect(await failuresInARow(member)).toEqual([]);
    }
  });

  it('answers sent at once cannot pass the limit: each is counted before it is compared', async () => {
    const member = await withTotp('lock-parallel');
    // Six short of the lock, written as wrong answers before it would leave it.
    await world.deps.ctx.db.query(
      'insert into mfa_failures (site_id, member_id, consecutive, notified_at, updated_at) values ($1, $2, $3, $4, $4)',
      [world.site.id, member.id, secondFactorLockout.failures - 6, new Date(world.clock.now())],
    );
    const answers = await wrongAnswers(member, 4, 3);
    expect(answers.filter((a) => a === 'REQUIRE_MFA:WRONG_CODE')).toHaveLength(6);
    expect(answers.filter((a) => a === 'INVALID_STATE_TOKEN:SECOND_FACTOR_LOCKED')).toHaveLength(6);
    expect(await failuresInARow(member)).toEqual([secondFactorLockout.failures]);
  });
});
