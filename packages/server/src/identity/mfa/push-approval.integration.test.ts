import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, appError, mailTo, memberCalls, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startPushServer, startPushSignIn, withPush } from '../../../test-support/push-kit.js';

/**
 * Push approval (issue #32): a signed-in browser approves a sign-in's second step by picking the number
 * the waiting page shows; the waiting side polls `/v2/push/verify` until SUCCESS. A wrong number or a
 * denial ends the step; an unanswered transaction expires.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  // Behind a proxy on this machine (TRUST_PROXY=loopback): the place header counts only through it.
  h = await startPushServer({ expirySeconds: 30 }, { config: (c) => ({ ...c, trustProxy: ['loopback'] }) });
  m = memberCalls(h);
});
afterAll(() => h.server.close());

const poll = (stateToken: string, transactionId: string, extra: Record<string, unknown> = {}) =>
  m.verify('push/verify', { stateToken, pushData: { transactionId }, ...extra });
const pending = (token: string) => h.call('GET', '/_api/iam/mfa/v1/push/transactions', { token });
const approve = (token: string, transactionId: string, number: unknown) =>
  h.call('POST', `/_api/iam/mfa/v1/push/transactions/${transactionId}/approve`, { token, body: { number } });
const deny = (token: string, transactionId: string) =>
  h.call('POST', `/_api/iam/mfa/v1/push/transactions/${transactionId}/deny`, { token, body: {} });

describe('turning push approval on', () => {
  it('enrols the signed-in browser asking, named after it; the same browser again is the same factor', async () => {
    const member = await withPush(h, 'push-enrol');
    expect(member.added.factor).toMatchObject({ factorType: 'PUSH', status: 'ACTIVE', name: 'Chrome on Linux' });
    expect(member.added.recoveryCodes).toHaveLength(10);
    const again = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'PUSH' },
    });
    expect(again.body.factor.factorId).toBe(member.factorId);
    const list = await h.call('GET', '/_api/iam/mfa/v1/factors', { token: member.token });
    expect(list.body.factors).toEqual([
      expect.objectContaining({ factorType: 'PUSH', name: 'Chrome on Linux', currentDevice: true }),
    ]);
    const bad = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'PUSH', pushSubscription: { endpoint: 'http://push.example/x', keys: {} } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0].field).toBe('pushSubscription');
  });
});

describe('signing in with push approval', () => {
  it('pending until another session approves with the right number; then SUCCESS, remembering the device', async () => {
    const member = await withPush(h, 'push-ok');
    const s = await startPushSignIn(h, member.email, {
      'x-client-country': 'France',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(s.login.body.requireMfaData.availableFactors).toContainEqual({
      factorType: 'PUSH',
      factorStatus: 'ENABLED',
    });
    expect(s.started.body).toMatchObject({
      state: 'MFA_CHALLENGE',
      additionalData: { pushStatus: { strValue: 'PENDING' } },
      mfaChallengeData: { factorType: 'PUSH', verificationChallengeData: { pushData: { status: 'PENDING' } } },
    });
    expect(s.matchNumber).toBeGreaterThanOrEqual(10);

    const waiting = await poll(s.stateToken, s.transactionId);
    expect(waiting.body.additionalData.pushStatus.strValue).toBe('PENDING');

    const list = await pending(member.token);
    expect(list.status).toBe(200);
    expect(list.body.transactions).toEqual([
      expect.objectContaining({ transactionId: s.transactionId, browser: 'Chrome on Linux', place: 'France' }),
    ]);
    const choices = list.body.transactions[0].numberChoices as number[];
    expect(choices).toHaveLength(3);
    expect(choices).toContain(s.matchNumber);
    expect(list.text).not.toContain('matchNumber');

    const approved = await approve(member.token, s.transactionId, s.matchNumber);
    expect(approved.body).toEqual({ status: 'APPROVED' });
    const done = await poll(s.stateToken, s.transactionId, { rememberThisDevice: true });
    expect(done.body.state).toBe('SUCCESS');
    expect(done.body.additionalData.deviceToken.strValue).toMatch(/.{20,}/);
    // Spent: the same transaction does not sign in twice.
    expect((await poll(s.stateToken, s.transactionId)).status).toBe(400);
    // The remembered device skips the step.
    const next = await m.login(member.email, { deviceToken: done.body.additionalData.deviceToken.strValue });
    expect(next.body.state).toBe('SUCCESS');

    const events = await h.server.ctx.db.query<{ type: string; outcome: string; detail: Record<string, unknown> }>(
      `select type, outcome, detail from auth_events where member_id = $1 and type in ('push_approval', 'sign_in') order by created_at`,
      [member.memberId],
    );
    expect(events.rows).toContainEqual(
      expect.objectContaining({
        type: 'push_approval',
        outcome: 'success',
        detail: expect.objectContaining({ decision: 'approved' }),
      }),
    );
    expect(events.rows).toContainEqual(
      expect.objectContaining({
        type: 'sign_in',
        outcome: 'success',
        detail: expect.objectContaining({ factorType: 'PUSH' }),
      }),
    );
  });

  it('/v2/verify with factorType PUSH works the same way', async () => {
    const member = await withPush(h, 'push-generic');
    const login = await m.login(member.email);
    const started = await m.verify('verify', { factorType: 'PUSH', stateToken: login.body.stateToken });
    const { transactionId, matchNumber } = started.body.mfaChallengeData.verificationChallengeData.pushData;
    await approve(member.token, transactionId, matchNumber);
    const done = await m.verify('verify', {
      factorType: 'PUSH',
      stateToken: login.body.stateToken,
      pushData: { transactionId },
    });
    expect(done.body.state).toBe('SUCCESS');
  });

  it('a wrong number denies the sign-in: the step ends after the 150 ms floor, audited, and the account can be secured', async () => {
    const member = await withPush(h, 'push-wrong');
    const s = await startPushSignIn(h, member.email);
    const list = await pending(member.token);
    const wrong = (list.body.transactions[0].numberChoices as number[]).find((n) => n !== s.matchNumber)!;
    const denied = await approve(member.token, s.transactionId, wrong);
    expect(denied.body).toEqual({
      status: 'DENIED',
      reason: 'wrong_number',
      secureAccount: { endOtherSessions: true, changePassword: true },
    });
    expect((await pending(member.token)).body.transactions).toEqual([]);
    const startedAt = performance.now();
    const refused = await poll(s.stateToken, s.transactionId);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140);
    expect(refused.status).toBe(403);
    expect(appError(refused)).toBe('PUSH_DENIED');
    // The step is over: the one signing in must start again.
    expect(appError(await m.verify('push/verify', { stateToken: s.stateToken }))).toBe('INVALID_STATE_TOKEN');
    const events = await h.server.ctx.db.query<{ outcome: string; detail: Record<string, unknown> }>(
      `select outcome, detail from auth_events where member_id = $1 and type = 'push_approval'`,
      [member.memberId],
    );
    expect(events.rows).toEqual([
      expect.objectContaining({ outcome: 'refused', detail: expect.objectContaining({ reason: 'wrong_number' }) }),
    ]);

    // Secure the account: every other session and any sign-in in its second step end.
    const other = await m.register('push-unrelated');
    const second = await h.server.ctx.db.transaction((tx) =>
      h.server.ctx.tokens.createMemberSession(tx, {
        siteId: h.server.siteId,
        clientId: 'mfa-app',
        memberId: member.memberId,
      }),
    );
    const another = await startPushSignIn(h, member.email);
    const secured = await h.call('POST', '/_api/iam/mfa/v1/push/secure-account', { token: member.token, body: {} });
    expect(secured.body).toEqual({ endedSessions: 1 });
    expect((await pending(second.accessToken)).status).toBe(401);
    expect((await pending(member.token)).status).toBe(200);
    expect(appError(await poll(another.stateToken, another.transactionId))).toBe('INVALID_STATE_TOKEN');
    expect((await pending(other.token)).status).toBe(200);
  });

  it('Deny refuses; an answered transaction cannot be answered again; another member cannot see or answer it', async () => {
    const member = await withPush(h, 'push-deny');
    const stranger = await withPush(h, 'push-stranger');
    const s = await startPushSignIn(h, member.email);
    expect((await pending(stranger.token)).body.transactions).toEqual([]);
    expect(appError(await approve(stranger.token, s.transactionId, s.matchNumber))).toBe('PUSH_ANSWERED');
    expect((await deny(member.token, s.transactionId)).body).toMatchObject({ status: 'DENIED' });
    expect(appError(await approve(member.token, s.transactionId, s.matchNumber))).toBe('PUSH_ANSWERED');
    expect(appError(await poll(s.stateToken, s.transactionId))).toBe('PUSH_DENIED');
    expect((await h.call('GET', '/_api/iam/mfa/v1/push/transactions', { token: h.visitor })).status).toBe(401);
  });

  it('expires unanswered; the member may ask again on the same step', async () => {
    const member = await withPush(h, 'push-expiry');
    const s = await startPushSignIn(h, member.email);
    await advance(h, 31_000);
    const expired = await poll(s.stateToken, s.transactionId);
    expect(expired.body).toMatchObject({
      state: 'REQUIRE_MFA',
      additionalData: { failure: { strValue: 'PUSH_EXPIRED' } },
    });
    expect(appError(await approve(member.token, s.transactionId, s.matchNumber))).toBe('PUSH_ANSWERED');
    const again = await m.verify('push/verify', { stateToken: s.stateToken });
    const next = again.body.mfaChallengeData.verificationChallengeData.pushData;
    expect(next.transactionId).not.toBe(s.transactionId);
    await approve(member.token, next.transactionId, next.matchNumber);
    expect((await poll(s.stateToken, next.transactionId)).body.state).toBe('SUCCESS');
  });

  it('shows the place only when the header came through a trusted proxy (audit V5-12)', async () => {
    const member = await withPush(h, 'push-place');
    // Straight to the server: no X-Forwarded-For, so the peer is the caller and its header is its own word.
    await startPushSignIn(h, member.email, { 'x-client-country': 'France' });
    expect((await pending(member.token)).body.transactions[0].place).toBeUndefined();
    // A server that trusts no proxy ignores the header whatever else the request says.
    const direct = await startPushServer({}, { config: (c) => ({ ...c, trustProxy: false }) });
    try {
      const other = await withPush(direct, 'push-place-direct');
      await startPushSignIn(direct, other.email, { 'x-client-country': 'France', 'x-forwarded-for': '203.0.113.7' });
      const list = await direct.call('GET', '/_api/iam/mfa/v1/push/transactions', { token: other.token });
      expect(list.body.transactions).toHaveLength(1);
      expect(list.body.transactions[0].place).toBeUndefined();
    } finally {
      await direct.server.close();
    }
  });

  it('a sign-in without a user agent shows no browser', async () => {
    const member = await withPush(h, 'push-no-ua');
    const login = await m.login(member.email);
    const started = await h.call('POST', '/_api/iam/authentication/v2/push/verify', {
      token: h.visitor,
      headers: { 'user-agent': '' },
      body: { stateToken: login.body.stateToken },
    });
    expect(started.status).toBe(200);
    const list = await pending(member.token);
    expect(list.body.transactions[0].browser).toBeUndefined();
  });
});

describe("the console's member page", () => {
  it('lists the factors and support removes one: the member is mailed, it is audited, another member is untouched', async () => {
    const member = await withPush(h, 'push-console');
    const support = await signedIn(h.server, 'push-support@example.com', 'support');
    const page = `/_admin/v1/members/${member.memberId}?siteId=${h.server.siteId}`;
    expect((await support.call('GET', page)).body.signInMethods.factors).toEqual([
      expect.objectContaining({ id: member.factorId, factorType: 'PUSH', status: 'ACTIVE' }),
    ]);
    const other = await withPush(h, 'push-console-other');
    const wrongMember = await support.call(
      'DELETE',
      `/_admin/v1/members/${member.memberId}/factors/${other.factorId}?siteId=${h.server.siteId}`,
    );
    expect(wrongMember.status).toBe(404);
    const removed = await support.call(
      'DELETE',
      `/_admin/v1/members/${member.memberId}/factors/${member.factorId}?siteId=${h.server.siteId}`,
    );
    expect(removed.status).toBe(200);
    expect((await support.call('GET', page)).body.signInMethods.factors).toEqual([]);
    expect((await m.login(member.email)).body.state).toBe('SUCCESS');
    expect((await h.call('GET', '/_api/iam/mfa/v1/factors', { token: other.token })).body.factors).toHaveLength(1);
    const mails = await mailTo(h, member.email);
    expect(mails.map((mail) => mail.subject).join('\n')).toMatch(/removed/i);
    const events = await h.server.ctx.db.query<{ type: string; detail: Record<string, unknown> }>(
      `select type, detail from auth_events where member_id = $1 and type in ('factor_removed', 'owner_action')`,
      [member.memberId],
    );
    expect(events.rows).toContainEqual(
      expect.objectContaining({
        type: 'factor_removed',
        detail: expect.objectContaining({ factorType: 'PUSH', by: 'owner' }),
      }),
    );
  });
});
