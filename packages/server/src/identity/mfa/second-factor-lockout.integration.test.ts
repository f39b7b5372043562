import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test-support/owners-kit.js';
import { mailSettled, startTestSmtp, waitFor } from '../../../test-support/smtp.js';
import {
  appError,
  mailTo,
  memberCalls,
  startMfaServer,
  totpCode,
  type MfaHarness,
} from '../../../test-support/mfa-kit.js';
import { secondFactorLockout } from './lockout.js';

/**
 * Audit S-5 (NIST SP 800-63B §5.2.2) through the server: what a client, the member's inbox and the site's staff
 * see of the second step's lock. The rules themselves (100 wrong answers in a row across stateTokens and windows,
 * the right code and recovery codes refused, one notice per run, a right answer starting the count again, parallel
 * answers counted before they are compared) are checked by calling the flow: mfa/verify.integration.test.ts. Here
 * the run up to the lock is written into `mfa_failures` directly and the last answer goes through HTTP: the
 * envelope, the notice through a real SMTP server in the member's language, the owner's unlock, a password reset.
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
  for (const tag of ['lock-100', 'lock-language', 'lock-reset-password'] as const) members[tag] = await m.withTotp(tag);
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

/** A run of `count` wrong answers in a row, as the flow leaves it in the database (the rules: mfa/verify.integration). */
async function failuresInARow(member: Member, count: number): Promise<void> {
  await h.server.ctx.db.query(
    `insert into mfa_failures (site_id, member_id, consecutive, updated_at) values ($1, $2, $3, $4)
     on conflict (site_id, member_id) do update set consecutive = excluded.consecutive`,
    [h.server.siteId, member.memberId, count, new Date(Date.now() + h.clock.offset)],
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
  it('the last of 100 wrong answers locks the step: 400 INVALID_STATE_TOKEN with the reason, one notice by SMTP; an owner unlocks it', async () => {
    const member = members['lock-100']!;
    await failuresInARow(member, secondFactorLockout.failures - 1);
    await wrongAnswers(member, 1, 1);
    const locked = await rightCode(member);
    expect([locked.status, appError(locked)]).toEqual([400, 'INVALID_STATE_TOKEN']);
    expect(locked.body.details.applicationError.data).toEqual({ reason: 'SECOND_FACTOR_LOCKED' });
    // Counted in the database (mfa_failures), which every instance shares and a restart keeps.
    const { rows } = await h.server.ctx.db.query<{ consecutive: number }>(
      'select consecutive from mfa_failures where member_id = $1',
      [member.memberId],
    );
    expect(rows.map((r) => Number(r.consecutive))).toEqual([100]);

    // One notice for the whole run, through SMTP.
    await waitFor(async () => (await failureMails(member.email)).length > 0);
    await mailSettled(h.server.ctx.db);
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
  });

  it('the notice is in the member’s language', async () => {
    const member = members['lock-language']!;
    await h.server.ctx.db.query(
      `update members set profile = jsonb_set(coalesce(profile, '{}'::jsonb), '{language}', '"fr"') where id = $1`,
      [member.memberId],
    );
    await failuresInARow(member, secondFactorLockout.notifyAt - 1);
    await wrongAnswers(member, 1, 1);
    await waitFor(async () => (await failureMails(member.email)).length === 1);
    const [notice] = await failureMails(member.email);
    expect(notice!.headers.get('content-language')).toBe('fr');
    expect(notice!.text).toContain('Après 100 codes erronés d’affilée');
  });

  it('a password reset ends the lock; the member still passes the second step after it', async () => {
    const member = members['lock-reset-password']!;
    await failuresInARow(member, secondFactorLockout.failures);
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
  });
});
