/**
 * Email verification's rules, called as functions (issue #49): the code during sign-in, a new code, a verification
 * started for a member, the address format; on a pooled PGlite with a clock the test moves
 * (test-support/flow-world.ts), no server. What the client sees on the wire (status codes, envelopes, Retry-After,
 * delivery through SMTP) stays with identity/verification.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import type { Caller } from '../../http/caller.js';
import { findMemberById, type Member } from '../../members/index.js';
import { ipLimits } from '../common.js';
import {
  CODE_TTL_SECONDS,
  MAX_CODE_ATTEMPTS,
  MAX_SENDS,
  RESEND_COOLDOWN_SECONDS,
  startVerification,
} from '../verification.js';
import { login } from './login.js';
import { resendVerification, startForIdentity, validateEmail, verifyDuringAuthentication } from './verify-email.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'required', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'correct horse battery';
/** The application error (code, status, data, headers) or the violated fields a rejected call carries. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'no error' }) as Record<string, unknown>,
    (e: {
      code?: string;
      status?: number;
      data?: unknown;
      headers?: Record<string, string>;
      violations?: { field: string }[];
    }) =>
      e.violations
        ? { fields: e.violations.map((v) => v.field) }
        : { code: e.code, status: e.status, data: e.data, headers: e.headers },
  );
const codeOf = (promise: Promise<unknown>) => refusal(promise).then((r) => r.code);

/** A member who has not verified their address yet. */
const unverified = (tag: string) => world.member(unique(tag), PASSWORD, { emailVerified: false });
/** A verification of `member`'s address, as sign-in starts it: its stateToken and the code mailed. */
async function challenge(member: Member): Promise<{ stateToken: string; code: string }> {
  const { stateToken } = await world.deps.ctx.db.transaction((tx) =>
    startVerification(tx, { site: world.site, member, now: world.clock.now() }),
  );
  return { stateToken, code: await latestCode(member.email) };
}
async function latestCode(email: string): Promise<string> {
  const [mail] = await world.mails(email);
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}
const other = (code: string) => (code === '000000' ? '111111' : '000000');
const verify = (stateToken: string, code: string, scope = world.scope()) =>
  verifyDuringAuthentication(world.deps, scope, { stateToken, code });

describe('the code during sign-in', () => {
  it('a wrong code leaves attempts; the right one verifies the address and signs in; it works once', async () => {
    const member = await unverified('verify');
    const { stateToken, code } = await challenge(member);
    expect(await refusal(verify(stateToken, other(code)))).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: MAX_CODE_ATTEMPTS - 1 },
    });
    const ok = await verify(stateToken, code);
    expect(ok).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(ok.identity.email.isVerified).toBe(true);
    expect((await findMemberById(world.deps.ctx.db, world.site.id, member.id))?.emailVerified).toBe(true);
    expect(await codeOf(verify(stateToken, code))).toBe('INVALID_STATE_TOKEN');
  });

  it(`${MAX_CODE_ATTEMPTS} wrong codes spend the challenge, even sent at once, and the right code afterwards fails`, async () => {
    const member = await unverified('attempts');
    const { stateToken, code } = await challenge(member);
    const answers = await Promise.all(Array.from({ length: 7 }, () => codeOf(verify(stateToken, other(code)))));
    expect(answers.filter((c) => c === 'VERIFICATION_FAILED')).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(answers.filter((c) => c === 'INVALID_STATE_TOKEN')).toHaveLength(7 - MAX_CODE_ATTEMPTS);
    expect(await codeOf(verify(stateToken, code))).toBe('INVALID_STATE_TOKEN');
  });

  it(`codes last at most ${CODE_TTL_SECONDS / 60} minutes (ASVS 6.5.5), and the mail says so`, async () => {
    const early = await challenge(await unverified('in-time'));
    const lateMember = await unverified('expire');
    const late = await challenge(lateMember);
    world.clock.advance(CODE_TTL_SECONDS * 1000 - 30_000);
    expect((await verify(early.stateToken, early.code)).state).toBe('SUCCESS');
    world.clock.advance(31_000);
    expect(await codeOf(verify(late.stateToken, late.code))).toBe('INVALID_STATE_TOKEN');
    expect((await world.mails(lateMember.email))[0]!.text).toContain(`${CODE_TTL_SECONDS / 60} minutes`);
  });

  it('signing in again mails a new code; the earlier challenge stops working', async () => {
    const member = await unverified('relogin');
    const first = await challenge(member);
    world.clock.advance(1000); // so that the new code's mail is the newest
    const again = await login(world.deps, world.scope(), { loginId: { email: member.email }, password: PASSWORD });
    expect(again.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(again.stateToken).not.toBe(first.stateToken);
    expect(await codeOf(verify(first.stateToken, first.code))).toBe('INVALID_STATE_TOKEN');
    expect((await verify(again.stateToken!, await latestCode(member.email))).state).toBe('SUCCESS');
  });

  it('refuses a malformed code or a missing stateToken before counting anything, and an unknown stateToken', async () => {
    const member = await unverified('malformed');
    const { stateToken, code } = await challenge(member);
    for (const bad of ['12345', '1234567', 'abcdef', 123456, undefined, null])
      expect(await refusal(verifyDuringAuthentication(world.deps, world.scope(), { stateToken, code: bad }))).toEqual({
        fields: ['code'],
      });
    expect(await refusal(verifyDuringAuthentication(world.deps, world.scope(), { code }))).toEqual({
      fields: ['stateToken'],
    });
    for (const unknown of ['x'.repeat(43), 'short', 'x'.repeat(5000)])
      expect(await codeOf(verify(unknown, code))).toBe('INVALID_STATE_TOKEN');
    // None of those spent one of the challenge's attempts.
    expect(
      (await world.deps.ctx.db.query('select attempts from verifications where member_id = $1', [member.id])).rows,
    ).toEqual([{ attempts: 0 }]);
  });
});

describe('a new code', () => {
  it(`waits ${RESEND_COOLDOWN_SECONDS} s between sends; the new code replaces the old one`, async () => {
    const member = await unverified('resend');
    const { stateToken, code: first } = await challenge(member);
    const resend = () => resendVerification(world.deps, world.scope(), { stateToken });
    const tooSoon = await refusal(resend());
    expect(tooSoon).toMatchObject({ status: 429 });
    expect(Number((tooSoon.headers as Record<string, string>)['retry-after'])).toBeGreaterThan(0);
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000 + 1000);
    expect(await resend()).toEqual({});
    expect(await world.mails(member.email)).toHaveLength(2);
    const second = await latestCode(member.email);
    if (second !== first) expect(await codeOf(verify(stateToken, first))).toBe('VERIFICATION_FAILED');
    expect((await verify(stateToken, second)).state).toBe('SUCCESS');
  });

  it(`mails at most ${MAX_SENDS} codes for one challenge, the first included, and none for an unknown one`, async () => {
    const member = await unverified('sends');
    const { stateToken } = await challenge(member);
    const resend = (token = stateToken) => codeOf(resendVerification(world.deps, world.scope(), { stateToken: token }));
    for (let i = 1; i < MAX_SENDS; i++) {
      world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
      expect(await resend()).toBe('no error');
    }
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    expect(await resend()).toBe('INVALID_STATE_TOKEN');
    expect(await world.mails(member.email)).toHaveLength(MAX_SENDS);
    expect(await resend('nope-nope-nope-nope-nope')).toBe('INVALID_STATE_TOKEN');
  });
});

describe('a verification started for a member', () => {
  const start = (caller: Caller, identityId: string) =>
    startForIdentity(world.deps, { ...world.scope(), caller }, { identityId, target: 'EMAIL' });

  it('only the member themself or a site key may start one; its id is a stateToken for the code mailed', async () => {
    const member = await unverified('start');
    const stranger = await unverified('stranger');
    const { siteId, clientId } = (await world.signedIn(member)).caller;
    expect(await codeOf(start({ kind: 'anonymous' }, member.id))).toBe('UNAUTHORIZED');
    expect(await codeOf(start({ kind: 'visitor', siteId, clientId, visitorId: 'v' }, member.id))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await codeOf(start((await world.signedIn(stranger)).caller, member.id))).toBe('PERMISSION_DENIED');
    expect(await world.mails(member.email)).toEqual([]);

    const { verificationId } = await start((await world.signedIn(member)).caller, member.id);
    expect((await verify(verificationId, await latestCode(member.email))).state).toBe('SUCCESS');
    const key: Caller = { kind: 'admin', siteId, keyName: 'backend' };
    expect(await codeOf(start(key, '00000000-0000-4000-8000-000000000000'))).toBe('IDENTITY_NOT_FOUND');
  });
});

describe('the address format and the per-address limit', () => {
  it(`answers the format only, ${ipLimits.verification.limit} times per address per window`, async () => {
    const scope = world.scope();
    const check = (email: string) => validateEmail(world.deps, scope, { email });
    expect(await check('a@example.com')).toEqual({ valid: true, formatInvalid: false });
    expect(await check('not an address')).toEqual({
      valid: false,
      formatInvalid: true,
      failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' },
    });
    for (let i = 2; i < ipLimits.verification.limit; i++) await check('a@example.com');
    expect(await refusal(check('a@example.com'))).toMatchObject({ status: 429 });
    // Another address is not held back, and the window ends.
    expect((await validateEmail(world.deps, world.scope(), { email: 'a@example.com' })).valid).toBe(true);
    world.clock.advance(ipLimits.verification.windowSeconds * 1000);
    expect((await check('a@example.com')).valid).toBe(true);
  });
});
