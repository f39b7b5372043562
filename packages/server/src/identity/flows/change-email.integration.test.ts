/**
 * The sign-in address change's rules, called as functions (issue #34, #49): the proof, the code to the new
 * address, the same answer for a taken address, wrong codes, expiry, the per-member limit; on a pooled PGlite with
 * a clock the test moves (test-support/flow-world.ts), no server. What the ACCOUNT_INFO page shows for each
 * outcome stays with sign-in/account/account-email.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import { findMemberById, type Member } from '../../members/index.js';
import { RECENT_SIGN_IN_SECONDS } from '../../security/index.js';
import type { MemberScope } from '../flow.js';
import {
  EMAIL_CHANGE_TTL_SECONDS,
  MAX_EMAIL_CHANGE_ATTEMPTS,
  cancelEmailChange,
  confirmEmailChange,
  emailChangeLimit,
  pendingEmailChange,
  startEmailChange,
} from './change-email.js';
import { login } from './login.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'first password 1';
/** The application error code or the violated fields (with their rule) a rejected call carries. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: { code?: string; violations?: { field: string; ruleName?: string }[] }) =>
      e.violations?.map((v) => `${v.field}:${v.ruleName}`).join() ?? e.code,
  );

async function signedIn(tag: string): Promise<{ member: Member; scope: MemberScope }> {
  const member = await world.member(unique(tag), PASSWORD);
  return { member, scope: await world.signedIn(member) };
}
const start = (scope: MemberScope, newEmail: unknown, currentPassword?: unknown) =>
  startEmailChange(world.deps, scope, { newEmail, currentPassword });
const confirm = (scope: MemberScope, code: unknown) => confirmEmailChange(world.deps, scope, { code });
/** The code mailed to `email` (the newest mail). */
async function codeSentTo(email: string): Promise<string> {
  const [mail] = await world.mails(email);
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}
const other = (code: string) => (code === '000000' ? '111111' : '000000');
const addressOf = async (member: Member) => (await findMemberById(world.deps.ctx.db, world.site.id, member.id))!.email;
const signsIn = (email: string) =>
  login(world.deps, world.scope(), { loginId: { email }, password: PASSWORD }).then(
    (a) => a.state,
    (e: { code?: string }) => e.code,
  );

describe('starting a change', () => {
  it('mails a code to the new address; only that code changes it; the old address gets a notice', async () => {
    const { member, scope } = await signedIn('change');
    const next = unique('new');
    expect(await start(scope, next)).toEqual({ newEmail: next });
    expect(await pendingEmailChange(world.deps.ctx, scope.caller)).toEqual({ newEmail: next });
    const code = await codeSentTo(next);
    expect(await refusal(confirm(scope, other(code)))).toBe('code:INVALID_CODE');
    expect(await addressOf(member)).toBe(member.email);

    expect(await confirm(scope, ` ${code} `)).toEqual({ email: next });
    const after = (await findMemberById(world.deps.ctx.db, world.site.id, member.id))!;
    expect(after).toMatchObject({ email: next, emailVerified: true });
    expect((await world.mails(member.email)).map((m) => [m.kind, m.text.includes(next)])).toEqual([
      ['email-changed', true],
    ]);
    expect(await pendingEmailChange(world.deps.ctx, scope.caller)).toBeUndefined();
    expect(await signsIn(next)).toBe('SUCCESS');
    expect(await signsIn(member.email)).toBe('-19976');
    expect(
      world.events
        .filter((e) => e.memberId === member.id && e.type === 'email_changed')
        .map((e) => [e.outcome, e.detail]),
    ).toEqual([
      ['failure', { reason: 'INVALID_CODE' }],
      ['success', undefined],
    ]);
  });

  it('an address that has an account gets a mail saying so, no code, and the same answer; no code confirms it', async () => {
    const taken = await world.member(unique('taken'), PASSWORD);
    const { member, scope } = await signedIn('to-taken');
    expect(await start(scope, taken.email.toUpperCase())).toEqual({ newEmail: taken.email.toUpperCase() });
    const mails = await world.mails(taken.email);
    expect(mails.map((m) => m.kind)).toEqual(['email-change-taken']);
    expect(mails.some((m) => /\b\d{6}\b/.test(m.text))).toBe(false);
    expect(await refusal(confirm(scope, '123456'))).toBe('code:INVALID_CODE');
    expect(await addressOf(member)).toBe(member.email);
  });

  it('an address taken between the code and its confirmation is refused with -19995', async () => {
    const { member, scope } = await signedIn('race');
    const next = unique('raced');
    await start(scope, next);
    const code = await codeSentTo(next);
    await world.member(next, PASSWORD);
    expect(await refusal(confirm(scope, code))).toBe('-19995');
    expect(await addressOf(member)).toBe(member.email);
  });

  it('refuses an invalid address and the current one, in any case, before mailing anything', async () => {
    const { member, scope } = await signedIn('invalid');
    expect(await refusal(start(scope, 'not-an-address'))).toBe('newEmail:INVALID_EMAIL');
    expect(await refusal(start(scope, undefined))).toBe('newEmail:INVALID_EMAIL');
    expect(await refusal(start(scope, member.email.toUpperCase()))).toBe('newEmail:SAME_EMAIL');
    expect(await pendingEmailChange(world.deps.ctx, scope.caller)).toBeUndefined();
  });

  it(`needs the current password once the sign-in is over ${RECENT_SIGN_IN_SECONDS / 60} minutes old`, async () => {
    const member = await world.member(unique('stale'), PASSWORD);
    const stale = await world.signedIn(member, { signedInMsAgo: (RECENT_SIGN_IN_SECONDS + 60) * 1000 });
    const next = unique('later');
    expect(await refusal(start(stale, next))).toBe('REAUTHENTICATION_REQUIRED');
    expect(await refusal(start(stale, next, 'not the password'))).toBe('-19976');
    expect(await world.mails(next)).toEqual([]);
    expect(await start(stale, next, PASSWORD)).toEqual({ newEmail: next });
    expect((await world.mails(next)).map((m) => m.kind)).toEqual(['email-change-code']);
  });

  it(`${emailChangeLimit.limit} changes started per member per hour`, async () => {
    const { member, scope } = await signedIn('limit');
    for (let i = 0; i < emailChangeLimit.limit; i++) await start(scope, unique('many'));
    const limited = unique('one-too-many');
    expect(await refusal(start(scope, limited))).toBe('TOO_MANY_REQUESTS');
    expect(await world.mails(limited)).toEqual([]);
    world.clock.advance(emailChangeLimit.windowSeconds * 1000);
    expect(await start(await world.signedIn(member), limited)).toEqual({ newEmail: limited });
  });
});

describe('confirming a change', () => {
  it(`${MAX_EMAIL_CHANGE_ATTEMPTS} wrong codes end the change, the right code afterwards included`, async () => {
    const { member, scope } = await signedIn('wrong');
    const next = unique('guessed');
    await start(scope, next);
    const code = await codeSentTo(next);
    for (let i = 0; i < MAX_EMAIL_CHANGE_ATTEMPTS; i++)
      expect(await refusal(confirm(scope, other(code)))).toBe('code:INVALID_CODE');
    expect(await refusal(confirm(scope, code))).toBe('INVALID_STATE_TOKEN');
    expect(await addressOf(member)).toBe(member.email);
  });

  it(`a code lasts ${EMAIL_CHANGE_TTL_SECONDS / 60} minutes`, async () => {
    const { scope } = await signedIn('expiry');
    const next = unique('slow');
    await start(scope, next);
    const code = await codeSentTo(next);
    world.clock.advance(EMAIL_CHANGE_TTL_SECONDS * 1000 + 1000);
    expect(await pendingEmailChange(world.deps.ctx, scope.caller)).toBeUndefined();
    expect(await refusal(confirm(scope, code))).toBe('INVALID_STATE_TOKEN');
  });

  it('a new start replaces the waiting code; Cancel drops the change', async () => {
    const { member, scope } = await signedIn('replace');
    const first = unique('first');
    const second = unique('second');
    await start(scope, first);
    const firstCode = await codeSentTo(first);
    await start(scope, second);
    const secondCode = await codeSentTo(second);
    if (firstCode !== secondCode) expect(await refusal(confirm(scope, firstCode))).toBe('code:INVALID_CODE');
    await cancelEmailChange(world.deps, scope);
    expect(await refusal(confirm(scope, secondCode))).toBe('INVALID_STATE_TOKEN');
    expect(await addressOf(member)).toBe(member.email);
  });
});
