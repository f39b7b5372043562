/**
 * The recovery flows' rules, called as functions (issue #49): reset mails, activation mails and the reset itself,
 * on a pooled PGlite with a clock the test moves (test-support/flow-world.ts), no server. What the client sees on
 * the wire (status codes, envelopes, the hosted reset page, the alias paths) stays with
 * identity/recovery.integration.test.ts and identity/reset-page.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFlowWorld, type FlowWorld } from '../../../test-support/flow-world.js';
import type { Caller } from '../../http/caller.js';
import { findMemberById, setApproval, type Member } from '../../members/index.js';
import { accountLockout } from '../../security/index.js';
import { verifyPassword } from '../../security/index.js';
import { consumeSessionToken, issueSessionToken } from '../../sessions/session-tokens.js';
import { secondFactorLockout } from '../mfa/lockout.js';
import { login } from './login.js';
import { RESET_TTL_SECONDS, recover, resetMailsPerAddress, sendActivationEmail, sendRecoveryEmail } from './recover.js';

let world: FlowWorld;
beforeAll(async () => {
  world = await openFlowWorld({ policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } });
});
afterAll(() => world.close());

let n = 0;
const unique = (tag: string) => `${tag}-${++n}@example.com`;
const PASSWORD = 'old password 1';
const HOUR = 3600_000;
/** The application error code (or the violated fields) a rejected call carries. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: { code?: string; violations?: { field: string }[] }) => e.code ?? e.violations?.map((v) => v.field).join(),
  );

const sendReset = (email: string) => sendRecoveryEmail(world.deps, world.scope(), { email });
/** The tokens of the reset or activation links mailed to `email`, newest first. */
const linkTokens = async (email: string) =>
  (await world.mails(email))
    .map((m) => /\/reset-password\?token=([\w-]+)/.exec(m.text)?.[1])
    .filter((t): t is string => t !== undefined);
async function resetToken(member: Member): Promise<string> {
  world.clock.advance(1); // so that this link's mail is the newest
  await sendReset(member.email);
  return (await linkTokens(member.email))[0]!;
}
const reset = (recoveryToken: string, password = 'brand new password', ip = '198.51.100.7') =>
  recover(world.deps, { ip }, { recoveryToken, password });
const sessionsOf = async (member: Member) =>
  (
    await world.deps.ctx.db.query<{ revoked_reason: string | null }>(
      'select revoked_reason from sessions where member_id = $1 order by created_at',
      [member.id],
    )
  ).rows.map((r) => r.revoked_reason);

describe('send-email', () => {
  it('mails a reset link to a member (any case), and nothing to an unknown or blocked address; the answer is {} for all', async () => {
    const member = await world.member(unique('known'), PASSWORD);
    const blocked = await world.member(unique('blocked'), PASSWORD);
    await setApproval(world.deps.ctx.db, world.site.id, blocked.email, 'block', world.clock.now());
    const ghost = unique('ghost');
    for (const email of [member.email.toUpperCase(), ghost, blocked.email]) expect(await sendReset(email)).toEqual({});
    expect((await world.mails(member.email)).map((m) => m.kind)).toEqual(['recovery-reset']);
    expect(await linkTokens(member.email)).toHaveLength(1);
    expect(await world.mails(ghost)).toEqual([]);
    expect(await world.mails(blocked.email)).toEqual([]);
  });

  it(`sends at most ${resetMailsPerAddress.limit} mails an hour per address, still answering {}`, async () => {
    const member = await world.member(unique('capped'), PASSWORD);
    for (let i = 0; i < resetMailsPerAddress.limit + 2; i++) expect(await sendReset(member.email)).toEqual({});
    expect(await linkTokens(member.email)).toHaveLength(resetMailsPerAddress.limit);
    world.clock.advance(resetMailsPerAddress.windowSeconds * 1000);
    await sendReset(member.email);
    expect(await linkTokens(member.email)).toHaveLength(resetMailsPerAddress.limit + 1);
  });

  it('refuses a malformed address and a redirect the site has not registered, before any mail', async () => {
    const member = await world.member(unique('redirect'), PASSWORD);
    const send = (input: Parameters<typeof sendRecoveryEmail>[2]) =>
      refusal(sendRecoveryEmail(world.deps, world.scope(), input));
    const client = world.site.clients[0]!;
    expect(await send({ email: 'not an address' })).toBe('email');
    expect(
      await send({ email: member.email, redirect: { url: 'https://evil.example/steal', clientId: client.clientId } }),
    ).toBe('redirect.url');
    expect(await send({ email: member.email, redirect: { url: client.redirectUris[0], clientId: 'nope' } })).toBe(
      'redirect.clientId',
    );
    expect(await world.mails(member.email)).toEqual([]);
  });
});

describe('recover', () => {
  it('sets the password, verifies the address, ends every session and session token, mails a notice and signs in', async () => {
    const member = await world.member(unique('reset'), PASSWORD, { emailVerified: false });
    await world.signedIn(member);
    const oldSessionToken = await issueSessionToken(
      world.deps.ctx.db,
      { siteId: world.site.id, memberId: member.id, visitorId: undefined },
      world.clock.now(),
    );
    const answer = await reset(await resetToken(member));
    expect(answer.state).toBe('SUCCESS');
    expect(answer.sessionToken).toBeTypeOf('string');

    const stored = (await findMemberById(world.deps.ctx.db, world.site.id, member.id, true))!;
    expect(await verifyPassword(stored.passwordHash, 'brand new password')).toBe(true);
    expect(stored.emailVerified).toBe(true);
    expect(await sessionsOf(member)).toEqual(['password-reset']);
    expect(await consumeSessionToken(world.deps.ctx.db, world.site.id, oldSessionToken, world.clock.now())).toBe(null);
    // Both queued at the same moment of the clock: compared as a set.
    expect((await world.mails(member.email)).map((m) => m.kind).sort()).toEqual(['password-changed', 'recovery-reset']);
    expect(world.events.filter((e) => e.memberId === member.id && e.type === 'password_reset')).toEqual([
      expect.objectContaining({ outcome: 'success', ip: '198.51.100.7', detail: { purpose: 'reset' } }),
    ]);
  });

  it('a link works once, and spending it kills the member’s other links', async () => {
    const member = await world.member(unique('once'), PASSWORD);
    const first = await resetToken(member);
    const second = await resetToken(member);
    expect((await reset(second)).state).toBe('SUCCESS');
    expect(await refusal(reset(second, 'another new password'))).toBe('INVALID_RECOVERY_TOKEN');
    expect(await refusal(reset(first, 'another new password'))).toBe('INVALID_RECOVERY_TOKEN');
  });

  it(`a link lasts ${RESET_TTL_SECONDS / 60} minutes`, async () => {
    const inTime = await world.member(unique('in-time'), PASSWORD);
    const late = await world.member(unique('late'), PASSWORD);
    const early = await resetToken(inTime);
    const expiring = await resetToken(late);
    world.clock.advance(RESET_TTL_SECONDS * 1000 - 1000);
    expect((await reset(early)).state).toBe('SUCCESS');
    world.clock.advance(2000);
    expect(await refusal(reset(expiring))).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('concurrent resets with one link: exactly one wins', async () => {
    const member = await world.member(unique('race'), PASSWORD);
    const token = await resetToken(member);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refusal(reset(token, `parallel password ${i}`))),
    );
    expect(results.sort()).toEqual([
      'INVALID_RECOVERY_TOKEN',
      'INVALID_RECOVERY_TOKEN',
      'INVALID_RECOVERY_TOKEN',
      'INVALID_RECOVERY_TOKEN',
      'no error',
    ]);
  });

  it('refuses the member’s address as the new password and keeps the link for a better one', async () => {
    const member = await world.member(unique('context'), PASSWORD);
    const token = await resetToken(member);
    expect(await refusal(reset(token, member.email))).toBe('password');
    expect(await refusal(reset(token, 'short'))).toBe('password');
    expect((await reset(token)).state).toBe('SUCCESS');
  });

  it('a blocked member’s link is refused and their password stays', async () => {
    const member = await world.member(unique('blocked-reset'), PASSWORD);
    const token = await resetToken(member);
    await setApproval(world.deps.ctx.db, world.site.id, member.email, 'block', world.clock.now());
    expect(await refusal(reset(token))).toBe('MEMBER_BLOCKED');
    const stored = (await findMemberById(world.deps.ctx.db, world.site.id, member.id, true))!;
    expect(await verifyPassword(stored.passwordHash, PASSWORD)).toBe(true);
  });

  it('ends a login lock and a second-step lock: the inbox is proven', async () => {
    const member = await world.member(unique('locked'), PASSWORD);
    const scope = world.scope();
    for (let i = 0; i < accountLockout.failures; i++)
      await refusal(login(world.deps, scope, { loginId: { email: member.email }, password: `wrong ${i}` }));
    await world.deps.ctx.db.query(
      'insert into mfa_failures (site_id, member_id, consecutive, updated_at) values ($1, $2, $3, $4)',
      [world.site.id, member.id, secondFactorLockout.failures, new Date(world.clock.now())],
    );
    // From the address that was locked out: the reset clears it and the account's shared lock.
    await reset(await resetToken(member), 'brand new password', scope.ip);
    const again = await login(world.deps, scope, { loginId: { email: member.email }, password: 'brand new password' });
    expect(again.state).toBe('SUCCESS');
    const { rows } = await world.deps.ctx.db.query('select 1 from mfa_failures where member_id = $1', [member.id]);
    expect(rows).toEqual([]);
    expect(world.events.find((e) => e.memberId === member.id && e.type === 'password_reset')?.detail).toEqual({
      purpose: 'reset',
      secondFactorUnlocked: true,
    });
  });
});

describe('activation-email (audit F-16)', () => {
  const activation = (caller: Caller, identityId: string) =>
    sendActivationEmail(world.deps, { ...world.scope(), caller }, { identityId, emailOptions: { language: 'en' } });
  const site = () => world.site.id;
  const clientId = () => world.site.clients[0]!.clientId;

  it('only the member themself or a site key may send one; anyone else is refused and nothing is mailed', async () => {
    const member = await world.member(unique('activate'), PASSWORD);
    const other = await world.member(unique('other'), PASSWORD);
    expect(await refusal(activation({ kind: 'anonymous' }, member.id))).toBe('UNAUTHORIZED');
    const visitor: Caller = { kind: 'visitor', siteId: site(), clientId: clientId(), visitorId: 'v' };
    expect(await refusal(activation(visitor, member.id))).toBe('PERMISSION_DENIED');
    const otherMember = (await world.signedIn(other)).caller;
    expect(await refusal(activation(otherMember, member.id))).toBe('PERMISSION_DENIED');
    expect(await world.mails(member.email)).toEqual([]);

    expect(await activation((await world.signedIn(member)).caller, member.id)).toEqual({});
    expect(await activation({ kind: 'admin', siteId: site(), keyName: 'backend' }, member.id)).toEqual({});
    expect((await world.mails(member.email)).map((m) => m.kind)).toEqual([
      'recovery-activation',
      'recovery-activation',
    ]);
  });

  it(`shares the reset mails' cap (${resetMailsPerAddress.limit} an hour per member), answering {} beyond it and for unknown ids`, async () => {
    const member = await world.member(unique('activate-cap'), PASSWORD);
    const key: Caller = { kind: 'admin', siteId: site(), keyName: 'backend' };
    for (let i = 0; i < resetMailsPerAddress.limit + 1; i++) expect(await activation(key, member.id)).toEqual({});
    expect(await linkTokens(member.email)).toHaveLength(resetMailsPerAddress.limit);
    expect(await activation(key, 'not-a-uuid')).toEqual({});
    expect(await activation(key, '00000000-0000-4000-8000-000000000000')).toEqual({});
  });

  it('an activation link lasts three days, far beyond a reset link', async () => {
    const member = await world.member(unique('activate-ttl'), PASSWORD);
    await activation({ kind: 'admin', siteId: site(), keyName: 'backend' }, member.id);
    const [token] = await linkTokens(member.email);
    world.clock.advance(71 * HOUR);
    expect((await reset(token!)).state).toBe('SUCCESS');
    expect(world.events.find((e) => e.memberId === member.id && e.type === 'password_reset')?.detail).toEqual({
      purpose: 'activation',
    });
    // An activation sets a first password: no "your password was changed" notice.
    expect((await world.mails(member.email)).map((m) => m.kind)).toEqual(['recovery-activation']);
  });
});
