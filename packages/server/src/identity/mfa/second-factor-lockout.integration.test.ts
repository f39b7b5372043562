import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestSmtp, waitFor } from '../../../test-support/smtp.js';
import {
  advance,
  appError,
  mailTo,
  memberCalls,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';
import { secondFactorLockout } from './lockout.js';

/**
 * Audit S-5 (NIST SP 800-63B §5.2.2): wrong second-step answers are counted in a row per member across
 * stateTokens and 15-minute windows, in the database; at 100 the second step is locked, the right code
 * included, until a password reset or an owner unlocks it; a right answer starts the count again; the
 * member is mailed once per run of failures, through a real SMTP server, in their language.
 */
type Member = Awaited<ReturnType<ReturnType<typeof memberCalls>['withTotp']>>;
const members: Record<string, Member> = {};
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
beforeAll(async () => {
  smtp = await startTestSmtp();
  h = await startMfaServer({}, { config: (c) => ({ ...c, smtpUrl: smtp.url }) });
  m = memberCalls(h);
  // Enrolled before any test moves the clock (enrolment wants a sign-in of the last 10 minutes).
  for (const tag of ['lock-100', 'lock-reset', 'lock-reset-password', 'lock-parallel'] as const)
    members[tag] = await m.withTotp(tag);
});
afterAll(async () => {
  await h.server.close();
  await smtp.close();
});

const wrongFor = (h: MfaHarness, member: Member) => (totpCode(h, member.secret) === '000000' ? '111111' : '000000');

/** `tokens` sign-ins (one after another: the login throttle counts parallel ones), each answered with `perToken` wrong codes, the stateTokens side by side. */
async function wrongAnswers(member: Member, tokens: number, perToken: number): Promise<void> {
  const stateTokens: string[] = [];
  for (let t = 0; t < tokens; t++) {
    const { body } = await m.login(member.email);
    expect(body.state, JSON.stringify(body)).toBe('REQUIRE_MFA');
    stateTokens.push(body.stateToken as string);
  }
  await Promise.all(
    stateTokens.map(async (stateToken) => {
      for (let i = 0; i < perToken; i++) {
        const answer = await m.verify('totp/verify', { stateToken, totpData: { code: wrongFor(h, member) } });
        // A wrong code: REQUIRE_MFA again, or the step's end at its fifth (never the lock).
        if (i < 4)
          expect(answer.body.additionalData?.failure?.strValue, JSON.stringify(answer.body)).toBe('WRONG_CODE');
        else expect([answer.status, answer.body.details.applicationError.data]).toEqual([400, {}]);
      }
    }),
  );
}

async function rightCode(member: Member) {
  h.clock.offset += 30_000; // a fresh TOTP step: each step's code works once
  const { body } = await m.login(member.email);
  return m.verify('totp/verify', { stateToken: body.stateToken, totpData: { code: totpCode(h, member.secret) } });
}

const mailsTo = async (email: string): Promise<ParsedMail[]> =>
  Promise.all(smtp.received.filter((r) => r.to.includes(email)).map((r) => simpleParser(r.raw)));
const failureMails = async (email: string) =>
  (await mailsTo(email)).filter((x) => /wrong sign-in codes|codes de connexion erronés/.test(x.subject ?? ''));

describe('second-step lockout (S-5)', () => {
  it('100 wrong answers across stateTokens and 15-minute windows lock the step, the right code included; mailed once; an owner unlocks it', async () => {
    const member = members['lock-100']!;
    // Four windows of the per-member limit (30 per 15 minutes): 30 + 30 + 30 + 10 wrong answers.
    for (const tokens of [6, 6, 6, 2]) {
      await wrongAnswers(member, tokens, 5);
      await advance(h, 15 * 60_000 + 1000);
    }
    const locked = await rightCode(member);
    expect([locked.status, appError(locked)]).toEqual([400, 'INVALID_STATE_TOKEN']);
    expect(locked.body.details.applicationError.data).toEqual({ reason: 'SECOND_FACTOR_LOCKED' });
    // Counted in the database (mfa_failures), which every instance shares and a restart keeps.
    const { rows } = await h.server.ctx.db.query<{ consecutive: number }>(
      'select consecutive from mfa_failures where member_id = $1',
      [member.memberId],
    );
    expect(rows.map((r) => Number(r.consecutive))).toEqual([100]);

    // A recovery code is refused as well, and a fresh window does not open it.
    await advance(h, 15 * 60_000 + 1000);
    const viaRecovery = await m.login(member.email);
    const recoveryAnswer = await m.verify('recovery_code/verify', {
      stateToken: viaRecovery.body.stateToken,
      recoveryCodeData: { code: member.recoveryCodes[0] },
    });
    expect([recoveryAnswer.status, appError(recoveryAnswer)]).toEqual([400, 'INVALID_STATE_TOKEN']);

    // One notice for the whole run, through SMTP.
    await waitFor(async () => (await failureMails(member.email)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const notices = await failureMails(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('After 100 wrong codes in a row the second step is locked');

    // Support staff (console session) see the lock and end it; the audit log has the lock, its end, and who.
    const support = await signedIn(h.server, 'lock-support@example.com', 'support');
    const path = `/_admin/v1/members/${member.memberId}`;
    const before = await support.call('GET', `${path}?siteId=${h.server.siteId}`);
    expect(before.body.signInMethods.secondFactorLock).toMatchObject({ locked: true, failuresInARow: 100 });
    expect((await support.call('POST', `${path}/unlock-second-factor`, { siteId: h.server.siteId })).status).toBe(200);
    const after = await support.call('GET', `${path}?siteId=${h.server.siteId}`);
    expect(after.body.signInMethods.secondFactorLock).toMatchObject({ locked: false, failuresInARow: 0 });
    expect((await rightCode(member)).body.state).toBe('SUCCESS');
    await h.server.ctx.authEvents.flush();
    const events = await h.server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `select detail from auth_events where member_id = $1 and type = 'lockout' order by created_at`,
      [member.memberId],
    );
    expect(events.rows.map((e) => e.detail)).toEqual([
      expect.objectContaining({ scope: 'second_factor', begins: true }),
      expect.objectContaining({ scope: 'second_factor', ended: true, by: 'owner' }),
    ]);
    const ownerActions = await h.server.ctx.db.query<{ email: string; detail: Record<string, unknown> }>(
      `select email, detail from auth_events where member_id = $1 and type = 'owner_action'`,
      [member.memberId],
    );
    expect(ownerActions.rows).toEqual([
      { email: 'lock-support@example.com', detail: expect.objectContaining({ action: 'unlock-second-factor' }) },
    ]);
  }, 120_000); // ~100 answers held to the 150 ms floor and 20 sign-ins (argon2id): 12 s alone, more on a busy machine

  it('a right answer sets the count back to 0, and the next run of failures mails again (in the member’s language)', async () => {
    const saved = { ...secondFactorLockout };
    Object.assign(secondFactorLockout, { failures: 8, notifyAt: 3 });
    try {
      const member = members['lock-reset']!;
      await h.server.ctx.db.query(
        `update members set profile = jsonb_set(coalesce(profile, '{}'::jsonb), '{language}', '"fr"') where id = $1`,
        [member.memberId],
      );
      for (let run = 0; run < 2; run++) {
        await wrongAnswers(member, 1, 5);
        await wrongAnswers(member, 1, 2);
        // 7 wrong in a row, then the right code: without the reset the second run would pass the limit of 8.
        expect((await rightCode(member)).body.state).toBe('SUCCESS');
        await waitFor(async () => (await failureMails(member.email)).length === run + 1);
      }
      const notices = await failureMails(member.email);
      expect(notices.map((x) => x.headers.get('content-language'))).toEqual(['fr', 'fr']);
      expect(notices[0]!.text).toContain('Après 8 codes erronés d’affilée');
    } finally {
      Object.assign(secondFactorLockout, saved);
    }
  });

  it('a password reset ends the lock; the member still passes the second step after it', async () => {
    const saved = { ...secondFactorLockout };
    Object.assign(secondFactorLockout, { failures: 4, notifyAt: 2 });
    try {
      const member = members['lock-reset-password']!;
      await wrongAnswers(member, 1, 4);
      const locked = await rightCode(member);
      expect(locked.body.details.applicationError.data).toEqual({ reason: 'SECOND_FACTOR_LOCKED' });

      await h.call('POST', '/_api/iam/recovery/v1/send-email', { token: h.visitor, body: { email: member.email } });
      const token = await waitFor(async () =>
        (await mailTo(h, member.email)).map((x) => /reset-password\?token=([\w-]+)/.exec(x.text)?.[1]).find(Boolean),
      );
      const recovered = await h.call('POST', '/_api/iam/recovery/v1/recover', {
        body: { recoveryToken: token, password: 'a new password 42' },
      });
      expect(recovered.body.state).toBe('REQUIRE_MFA');
      h.clock.offset += 30_000;
      const done = await m.verify('totp/verify', {
        stateToken: recovered.body.stateToken,
        totpData: { code: totpCode(h, member.secret) },
      });
      expect(done.body.state).toBe('SUCCESS');
    } finally {
      Object.assign(secondFactorLockout, saved);
    }
  });

  it('parallel wrong answers cannot pass the limit: each is counted before it is compared', async () => {
    const saved = { ...secondFactorLockout };
    Object.assign(secondFactorLockout, { failures: 6, notifyAt: 100 });
    try {
      const member = members['lock-parallel']!;
      const tokens = [];
      for (let t = 0; t < 4; t++) tokens.push(await m.login(member.email));
      const answers = await Promise.all(
        tokens.flatMap(({ body }) =>
          Array.from({ length: 3 }, () =>
            m.verify('totp/verify', { stateToken: body.stateToken, totpData: { code: wrongFor(h, member) } }),
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
      expect(
        answers.filter((a) => a.body?.details?.applicationError?.data?.reason === 'SECOND_FACTOR_LOCKED'),
      ).toHaveLength(6);
    } finally {
      Object.assign(secondFactorLockout, saved);
    }
  });
});
