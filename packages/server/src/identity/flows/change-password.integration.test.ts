/**
 * The password change's rules, called as a function (issue #49): the policy, the proof (a current password or a
 * sign-in of the last 10 minutes, audit F-6), the login's lock for wrong current passwords (audit S-2), the
 * per-member limit, and what a change ends; on a pooled PGlite with a clock the test moves
 * (test-support/flow-world.ts), no server. What the client sees (401 without a member token, envelopes, a refresh
 * that is no sign-in, the unmodified @wix/sdk) stays with identity/reauthentication.integration.test.ts and
 * identity/account.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import { findMemberById, setApproval, type Member } from '../../members/index.js';
import { accountLockout } from '../../security/index.js';
import { verifyPassword } from '../../security/index.js';
import { RECENT_SIGN_IN_SECONDS } from '../../security/index.js';
import { consumeSessionToken, issueSessionToken } from '../../sessions/session-tokens.js';
import { changePassword, changePasswordLimit } from './change-password.js';
import { login } from './login.js';
import { recover, sendRecoveryEmail } from './recover.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'first password 1';
const MINUTE = 60_000;
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
const passwordIs = async (member: Member, password: string) =>
  verifyPassword((await findMemberById(world.deps.ctx.db, world.site.id, member.id, true))!.passwordHash, password);
const audit = (member: Member) =>
  world.events
    .filter((e) => e.memberId === member.id && e.type === 'password_changed')
    .map((e) => `${e.outcome}:${String(e.detail?.reason ?? e.detail?.via)}`);

describe('the proof', () => {
  it(`a sign-in of the last ${RECENT_SIGN_IN_SECONDS / 60} minutes is enough; an older one needs the current password`, async () => {
    const member = await world.member(unique('fresh'), PASSWORD);
    const fresh = await world.signedIn(member, { signedInMsAgo: 9 * MINUTE });
    expect(await changePassword(world.deps, fresh, { newPassword: 'second password 2' })).toEqual({});
    expect(await passwordIs(member, 'second password 2')).toBe(true);

    const stale = await world.signedIn(member, { signedInMsAgo: 11 * MINUTE });
    expect(await refusal(changePassword(world.deps, stale, { newPassword: 'third password 3' }))).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      status: 403,
      data: { maxAgeSeconds: RECENT_SIGN_IN_SECONDS },
    });
    const withProof = { newPassword: 'third password 3', currentPassword: 'second password 2' };
    expect(await changePassword(world.deps, stale, withProof)).toEqual({});
    expect(await passwordIs(member, 'third password 3')).toBe(true);
    expect(audit(member)).toEqual([
      'success:recent-sign-in',
      'failure:REAUTHENTICATION_REQUIRED',
      'success:current-password',
    ]);
    expect(JSON.stringify(world.events)).not.toContain('password 3');
  });

  it('a current password that is sent must be right, even in a fresh session', async () => {
    const member = await world.member(unique('sent'), PASSWORD);
    const scope = await world.signedIn(member);
    for (const currentPassword of ['', 'not the password', 42])
      expect(
        await codeOf(changePassword(world.deps, scope, { newPassword: 'second password 2', currentPassword })),
      ).toBe('-19976');
    expect(await passwordIs(member, PASSWORD)).toBe(true);
    expect(audit(member)).toEqual(Array(3).fill('failure:WRONG_CURRENT_PASSWORD'));
  });

  it(`wrong current passwords stop at the login's lock (${accountLockout.failures}, audit S-2), the right one and sign-in included`, async () => {
    const member = await world.member(unique('guess'), PASSWORD);
    const scope = await world.signedIn(member);
    for (let i = 0; i < accountLockout.failures; i++)
      expect(
        await codeOf(
          changePassword(world.deps, scope, { newPassword: 'second password 2', currentPassword: `wrong guess ${i}` }),
        ),
      ).toBe('-19976');
    const right = { newPassword: 'second password 2', currentPassword: PASSWORD };
    const locked = await refusal(changePassword(world.deps, scope, right));
    expect(locked).toMatchObject({ code: 'TOO_MANY_FAILED_LOGINS', status: 429 });
    expect(Number((locked.headers as Record<string, string>)['retry-after'])).toBeGreaterThan(0);
    expect(
      await codeOf(
        login(world.deps, { ...world.scope(), ip: scope.ip }, { loginId: { email: member.email }, password: PASSWORD }),
      ),
    ).toBe('TOO_MANY_FAILED_LOGINS');
    world.clock.advance(accountLockout.windowSeconds * 1000);
    expect(await changePassword(world.deps, await world.signedIn(member, { ip: scope.ip }), right)).toEqual({});
  });
});

describe('the rules of a change', () => {
  it('the new password follows the policy, which knows the shop’s name and the member’s address', async () => {
    const member = await world.member(unique('policy'), PASSWORD);
    const scope = await world.signedIn(member);
    for (const newPassword of ['short', 'password123', world.site.name, member.email, undefined])
      expect(await refusal(changePassword(world.deps, scope, { newPassword }))).toEqual({ fields: ['newPassword'] });
    expect(await passwordIs(member, PASSWORD)).toBe(true);
    expect(audit(member)).toHaveLength(5);
    expect(audit(member).every((a) => a.startsWith('failure:'))).toBe(true);
  });

  it('ends every other session, session token and reset link of the member, keeps this session, and mails a notice', async () => {
    const member = await world.member(unique('ends'), PASSWORD);
    const other = await world.signedIn(member);
    const scope = await world.signedIn(member);
    const { db } = world.deps.ctx;
    const sessionToken = await issueSessionToken(db, { siteId: world.site.id, memberId: member.id }, world.clock.now());
    await sendRecoveryEmail(world.deps, world.scope(), { email: member.email });
    const link = /token=([\w-]+)/.exec((await world.mails(member.email))[0]!.text)![1]!;

    await changePassword(world.deps, scope, { newPassword: 'second password 2' });
    const sessions = await db.query<{ id: string; revoked_reason: string | null }>(
      'select id, revoked_reason from sessions where member_id = $1',
      [member.id],
    );
    expect(Object.fromEntries(sessions.rows.map((r) => [r.id, r.revoked_reason]))).toEqual({
      [other.caller.sessionId]: 'password-change',
      [scope.caller.sessionId]: null,
    });
    expect(await consumeSessionToken(db, world.site.id, sessionToken, world.clock.now())).toBe(null);
    expect(
      await codeOf(recover(world.deps, { ip: scope.ip }, { recoveryToken: link, password: 'third password 3' })),
    ).toBe('INVALID_RECOVERY_TOKEN');
    // Both queued at the same moment of the clock: compared as a set.
    expect((await world.mails(member.email)).map((m) => m.kind).sort()).toEqual(['password-changed', 'recovery-reset']);
  });

  it(`${changePasswordLimit.limit} changes per member per ${changePasswordLimit.windowSeconds / 60} minutes (each costs argon2id), another member unaffected`, async () => {
    const busy = await world.member(unique('busy'), PASSWORD);
    const bystander = await world.member(unique('bystander'), PASSWORD);
    const scope = await world.signedIn(busy);
    for (let i = 0; i < changePasswordLimit.limit; i++)
      await changePassword(world.deps, scope, { newPassword: `second password ${i}` });
    const limited = await refusal(changePassword(world.deps, scope, { newPassword: 'one too many 1' }));
    expect(limited).toMatchObject({ status: 429 });
    expect(limited.code).not.toBe('TOO_MANY_FAILED_LOGINS');
    expect(Number((limited.headers as Record<string, string>)['retry-after'])).toBeGreaterThan(0);
    expect(audit(busy).at(-1)).toBe('failure:RATE_LIMITED');
    expect(
      await changePassword(world.deps, await world.signedIn(bystander), { newPassword: 'second password 2' }),
    ).toEqual({});
    world.clock.advance(changePasswordLimit.windowSeconds * 1000);
    const later = await world.signedIn(busy);
    expect(await changePassword(world.deps, later, { newPassword: 'one more at last 1' })).toEqual({});
  });

  it('a blocked member cannot change it', async () => {
    const member = await world.member(unique('blocked'), PASSWORD);
    const scope = await world.signedIn(member);
    await setApproval(world.deps.ctx.db, world.site.id, member.email, 'block', world.clock.now());
    expect(await codeOf(changePassword(world.deps, scope, { newPassword: 'second password 2' }))).toBe(
      'MEMBER_BLOCKED',
    );
  });
});
