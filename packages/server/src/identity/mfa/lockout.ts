import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { mailLanguage } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { Member } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import { secondFactorFailuresMail } from './mails.js';

/**
 * The cumulative limit on second-step answers (audit S-5, NIST SP 800-63B §5.2.2): at most `failures`
 * wrong answers in a row per member, whatever stateTokens and addresses they came through, counted in
 * `mfa_failures` (so the count survives restarts and every instance shares it). Then the second step
 * is locked, the right code included, until a password reset proves the inbox (flows/recover.ts) or an
 * owner unlocks it (member-admin/actions.ts, `unlock-second-factor`). A right answer sets the count
 * back to 0. At `notifyAt` failures in a row the member is mailed once; the next mail needs a right
 * answer (or an unlock) in between. The 30-per-15-minutes window (`memberAttemptLimit`) stays in front.
 * Exported so an operator (or a test) can tune it, like `ipLimits`.
 */
export const secondFactorLockout = { failures: 100, notifyAt: 10 };

/**
 * The refusal of a locked second step: the same `400 INVALID_STATE_TOKEN` as a spent step and the
 * per-member window, so every client ends the step as it does today; the description and
 * `data.reason` say why, for a client that wants to send the member to the password reset.
 */
export const secondFactorLocked = () =>
  appError('INVALID_STATE_TOKEN', {
    description:
      'Too many wrong second-factor answers in a row: the second step is locked until the password is reset or the site owner unlocks it',
    data: { reason: 'SECOND_FACTOR_LOCKED' },
  });

/**
 * Counts one answer before it is compared, in its own committed statement, so parallel answers cannot
 * exceed the limit. Answers the count including this one, or undefined when the step is locked.
 */
export async function countSecondFactorAnswer(
  db: Queryable,
  siteId: string,
  memberId: string,
  now: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ consecutive: number }>(
    `insert into mfa_failures (site_id, member_id, consecutive, updated_at) values ($1, $2, 1, $3)
     on conflict (site_id, member_id) do update set consecutive = mfa_failures.consecutive + 1, updated_at = $3
       where mfa_failures.consecutive < $4
     returning consecutive`,
    [siteId, memberId, new Date(now), secondFactorLockout.failures],
  );
  return rows[0] ? Number(rows[0].consecutive) : undefined;
}

/** A right answer (in the sign-in's transaction): the count starts again, and so does the notice (no row is 0). */
export async function secondFactorPassed(tx: Queryable, siteId: string, memberId: string): Promise<void> {
  await tx.query('delete from mfa_failures where site_id = $1 and member_id = $2', [siteId, memberId]);
}

/** Ends a lock (password reset, owner) and any count below it: true when the step was locked. */
export async function unlockSecondFactor(tx: Queryable, siteId: string, memberId: string): Promise<boolean> {
  const { rows } = await tx.query<{ consecutive: number }>(
    'delete from mfa_failures where site_id = $1 and member_id = $2 returning consecutive',
    [siteId, memberId],
  );
  return Number(rows[0]?.consecutive ?? 0) >= secondFactorLockout.failures;
}

export async function secondFactorLockState(
  db: Queryable,
  siteId: string,
  memberId: string,
): Promise<{ locked: boolean; failuresInARow: number; lockedDate: string | undefined }> {
  const { rows } = await db.query<{ consecutive: number; locked_at: Date | string | null }>(
    'select consecutive, locked_at from mfa_failures where site_id = $1 and member_id = $2',
    [siteId, memberId],
  );
  const consecutive = Number(rows[0]?.consecutive ?? 0);
  return {
    locked: consecutive >= secondFactorLockout.failures,
    failuresInARow: consecutive,
    lockedDate: rows[0]?.locked_at ? new Date(rows[0].locked_at).toISOString() : undefined,
  };
}

/**
 * After a wrong answer counted as `count`: the notice mail the first time the run reaches `notifyAt`
 * (a conditional update claims it, so parallel answers mail once), and the lock's audit entry when
 * this answer used the last of the limit.
 */
export async function secondFactorFailed(
  ctx: AppContext,
  site: SiteConfig,
  member: Member,
  count: number,
  audit: { ip: string | undefined },
): Promise<void> {
  const { failures, notifyAt } = secondFactorLockout;
  if (count < Math.min(notifyAt, failures)) return;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const notice = await tx.query(
      'update mfa_failures set notified_at = $3 where site_id = $1 and member_id = $2 and notified_at is null',
      [site.id, member.id, new Date(now)],
    );
    if (notice.rowCount === 1) {
      const language = mailLanguage(site, { member });
      await enqueueMail(
        tx,
        {
          siteId: site.id,
          kind: 'second-factor-failures',
          to: member.email,
          ...secondFactorFailuresMail(language, site, failures),
        },
        now,
      );
    }
    if (count < failures) return;
    await tx.query('update mfa_failures set locked_at = $3 where site_id = $1 and member_id = $2', [
      site.id,
      member.id,
      new Date(now),
    ]);
    await ctx.authEvents.record(
      {
        type: 'lockout',
        outcome: 'success',
        siteId: site.id,
        memberId: member.id,
        email: member.email,
        ip: audit.ip,
        detail: { scope: 'second_factor', begins: true, failures: count },
      },
      tx,
    );
  });
}
