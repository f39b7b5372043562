/**
 * The login flow's rules, called as a function (issue #49): no server, no HTTP, a pooled PGlite and a clock
 * the test moves (test-support/flow-world.ts). An `.integration` file only because it opens a database; the
 * answers on the wire (status codes, envelopes) stay with identity/auth.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import { consumeSessionToken } from '../../sessions/session-tokens.js';
import { accountLockout } from '../../security/index.js';
import { insertFactor } from '../mfa/factors.js';
import { login } from './login.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'the right password';
const attempt = (email: string, password: string, scope = world.scope()) =>
  login(world.deps, scope, { loginId: { email }, password });
/** The application error code a rejected call carries. */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: { code?: string; status?: number }) => e.code,
  );

describe('login flow', () => {
  it('the right password answers SUCCESS with a session token the member can spend once', async () => {
    const member = await world.member(unique('ok'), PASSWORD);
    const answer = await attempt(member.email.toUpperCase(), PASSWORD);
    expect(answer.state).toBe('SUCCESS');
    expect(answer.identity.id).toBe(member.id);
    const spent = await consumeSessionToken(world.deps.ctx.db, world.site.id, answer.sessionToken, world.clock.now());
    expect(spent?.memberId).toBe(member.id);
    expect(await consumeSessionToken(world.deps.ctx.db, world.site.id, answer.sessionToken, world.clock.now())).toBe(
      null,
    );
  });

  it('a wrong password and an unknown address get the same error, and both are recorded as failures', async () => {
    const member = await world.member(unique('wrong'), PASSWORD);
    const ghost = unique('ghost');
    const wrong = await attempt(member.email, 'not the password').catch((e: unknown) => e);
    const unknown = await attempt(ghost, 'not the password').catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: '-19976' });
    expect(unknown).toEqual(wrong);
    const reasons = world.events
      .filter((e) => e.type === 'sign_in' && (e.email === member.email || e.email === ghost))
      .map((e) => [e.outcome, e.detail?.reason]);
    expect(reasons).toEqual([
      ['failure', 'wrong_password'],
      ['failure', 'unknown_account'],
    ]);
  });

  it('an unverified address on a site that requires verification gets the verification state and a code mail', async () => {
    const member = await world.member(unique('unverified'), PASSWORD, { emailVerified: false });
    const answer = await attempt(member.email, PASSWORD, world.scope({ policies: { emailVerification: 'required' } }));
    expect(answer.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(answer.stateToken).toBeTypeOf('string');
    expect(answer.sessionToken).toBeUndefined();
    expect((await world.mails(member.email)).map((m) => m.kind)).toEqual(['verification-code']);
  });

  it('a verified address signs in on the same site', async () => {
    const member = await world.member(unique('verified'), PASSWORD, { emailVerified: true });
    const answer = await attempt(member.email, PASSWORD, world.scope({ policies: { emailVerification: 'required' } }));
    expect(answer.state).toBe('SUCCESS');
    expect(await world.mails(member.email)).toEqual([]);
  });

  it('a member waiting for the owner’s approval gets REQUIRE_OWNER_APPROVAL and no session token', async () => {
    const member = await world.member(unique('pending'), PASSWORD, { approved: false });
    const answer = await attempt(member.email, PASSWORD, world.scope({ policies: { memberApproval: 'manual' } }));
    expect(answer).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL' });
    expect(answer.sessionToken).toBeUndefined();
  });

  it(`after ${accountLockout.failures} failures the account is paused, right password or not, until the window ends`, async () => {
    const member = await world.member(unique('lock'), PASSWORD);
    const scope = world.scope();
    for (let i = 0; i < accountLockout.failures; i++)
      expect(await codeOf(attempt(member.email, `wrong ${i}`, scope))).toBe('-19976');
    const locked = await attempt(member.email, PASSWORD, scope).catch((e: unknown) => e);
    expect(locked).toMatchObject({ code: 'TOO_MANY_FAILED_LOGINS', status: 429 });
    expect(Number((locked as { headers: Record<string, string> }).headers['retry-after'])).toBe(
      accountLockout.windowSeconds,
    );
    expect(world.events.filter((e) => e.type === 'lockout' && e.email === member.email).map((e) => e.outcome)).toEqual([
      'success',
      'refused',
    ]);
    // The pause lasts one window: after it, the right password signs in again.
    world.clock.advance(accountLockout.windowSeconds * 1000);
    expect((await attempt(member.email, PASSWORD, scope)).state).toBe('SUCCESS');
  });

  it('an unknown address is paused after as many failures, so the pause reveals no account', async () => {
    const ghost = unique('ghost-lock');
    const scope = world.scope();
    for (let i = 0; i < accountLockout.failures; i++) await codeOf(attempt(ghost, 'whatever pw', scope));
    expect(await codeOf(attempt(ghost, 'whatever pw', scope))).toBe('TOO_MANY_FAILED_LOGINS');
  });

  it('a member with an active second factor gets REQUIRE_MFA with the factor offered, not a session token', async () => {
    const member = await world.member(unique('mfa'), PASSWORD);
    await insertFactor(world.deps.ctx.db, {
      siteId: world.site.id,
      memberId: member.id,
      type: 'TOTP',
      status: 'ACTIVE',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      now: world.clock.now(),
    });
    const answer = await attempt(member.email, PASSWORD);
    expect(answer.state).toBe('REQUIRE_MFA');
    expect(answer.sessionToken).toBeUndefined();
    expect(answer.stateToken).toBeTypeOf('string');
    expect(answer.requireMfaData?.availableFactors.map((f) => f.factorType)).toContain('TOTP');
  });
});
