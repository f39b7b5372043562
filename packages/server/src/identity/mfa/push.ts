import { randomInt, randomUUID } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import type { Member } from '../../members/index.js';
import { DEFAULT_PUSH_EXPIRY_SECONDS } from '../../push/config.js';
import { browserOf, placeOf } from '../../push/device.js';
import { notifyPushDevices } from '../../push/notify.js';
import { readSubscription } from '../../push/subscription.js';
import type { PushStatus } from '../../push/types.js';
import type { Queryable } from '../../store/types.js';
import type { IdentityDeps, StateResponse } from '../common.js';
import type { FlowScope } from '../flow.js';
import { loadWireIdentity } from '../identity-view.js';
import type { MfaChallenge } from './challenge.js';
import { insertFactor, listFactors, toWireFactor } from './factors.js';
import { factorActivated, type Actor, type FactorInput } from './factor-changes.js';
import type { AvailableFactor } from './gate.js';
import { recoveryCodesIfNone } from './recovery-codes.js';

/**
 * Push approval (issue #32): a sign-in's second step creates a transaction; the member's signed-in
 * sessions (push-approval.ts) see "Is this you signing in?" and approve it by picking the number the
 * waiting page shows, or deny it. The waiting side polls `/v2/push/verify {pushData: {transactionId}}`.
 */
export type { PushStatus };

export interface PushTransaction {
  id: string;
  challengeId: string;
  memberId: string;
  matchNumber: number;
  choices: number[];
  status: PushStatus;
  denyReason: string | null;
  browser: string | null;
  place: string | null;
  createdAt: Date;
  expiresAt: Date;
}

interface Row {
  id: string;
  challenge_id: string;
  member_id: string;
  match_number: number;
  choices: number[];
  status: 'PENDING' | 'APPROVED' | 'DENIED';
  deny_reason: string | null;
  browser: string | null;
  place: string | null;
  created_at: Date | string;
  expires_at: Date | string;
}

export const pushExpirySeconds = (site: SiteConfig) => site.push?.expirySeconds ?? DEFAULT_PUSH_EXPIRY_SECONDS;

/** PENDING past its expiry reads EXPIRED; an answer given in time stands. */
const toTransaction = (r: Row, now: number): PushTransaction => ({
  id: r.id,
  challengeId: r.challenge_id,
  memberId: r.member_id,
  matchNumber: Number(r.match_number),
  choices: r.choices.map(Number),
  status: r.status === 'PENDING' && new Date(r.expires_at).getTime() <= now ? 'EXPIRED' : r.status,
  denyReason: r.deny_reason,
  browser: r.browser,
  place: r.place,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
});

/** Three different two-digit numbers in random order, one of them the number to match. */
export function numberChoices(): { matchNumber: number; choices: number[] } {
  const choices: number[] = [];
  while (choices.length < 3) {
    const n = randomInt(10, 100);
    if (!choices.includes(n)) choices.push(n);
  }
  return { matchNumber: choices[randomInt(0, 3)]!, choices };
}

/**
 * POST /_api/iam/mfa/v1/factors {factorType: PUSH, pushSubscription?}: this signed-in browser (its
 * session) approves sign-ins from now on; ACTIVE at once (the change already needed a fresh sign-in).
 * `pushSubscription`: the browser's Web Push subscription, when it allowed notifications.
 */
export async function addPushFactor(deps: IdentityDeps, a: Actor, input: FactorInput, scope: FlowScope) {
  const { ctx } = deps;
  if (!a.caller)
    throw appError('PERMISSION_DENIED', {
      description: 'Push approval is turned on from a browser where you are signed in, not during sign-in',
    });
  const caller = a.caller;
  const subscription = readSubscription(input.pushSubscription);
  const name = browserOf(scope.headers) ?? 'A browser';
  const prepared = await recoveryCodesIfNone(ctx.db, a.site.id, a.member.id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const mine = (await listFactors(tx, a.site.id, a.member.id)).find(
      (f) => f.type === 'PUSH' && f.pushSessionId === caller.sessionId,
    );
    if (mine) {
      // The same browser again: a new subscription replaces the old one (notifications were just allowed).
      await tx.query('update mfa_factors set push_subscription = $3 where site_id = $1 and id = $2', [
        a.site.id,
        mine.id,
        subscription ? JSON.stringify(subscription) : null,
      ]);
      return { factor: toWireFactor(mine) };
    }
    const factor = await insertFactor(tx, {
      siteId: a.site.id,
      memberId: a.member.id,
      type: 'PUSH',
      status: 'ACTIVE',
      name,
      now,
      push: { sessionId: caller.sessionId, subscription },
    });
    return factorActivated(tx, deps, a, factor, now, false, prepared);
  });
}

/**
 * `/v2/push/verify {stateToken}` without a transaction: a new transaction for this second step (the
 * previous one of the step ends), the member's browsers notified, MFA_CHALLENGE with the number.
 */
export async function pushChallenge(
  deps: IdentityDeps,
  step: { site: SiteConfig; member: Member; challenge: MfaChallenge; stateToken: string; scope: FlowScope },
  factors: AvailableFactor[],
): Promise<StateResponse> {
  const { ctx } = deps;
  const { site, member, challenge } = step;
  const now = ctx.now();
  const { matchNumber, choices } = numberChoices();
  const transaction = await ctx.db.transaction(async (tx) => {
    await tx.query(`delete from mfa_push_transactions where site_id = $1 and challenge_id = $2`, [
      site.id,
      challenge.id,
    ]);
    const { rows } = await tx.query<Row>(
      `insert into mfa_push_transactions (site_id, id, challenge_id, member_id, match_number, choices, status, browser, place, ip, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $9, $10, $11) returning *`,
      [
        site.id,
        randomUUID(),
        challenge.id,
        member.id,
        matchNumber,
        choices,
        browserOf(step.scope.headers) ?? null,
        placeOf(site, step.scope.headers, step.scope.viaTrustedProxy === true) ?? null,
        step.scope.ip,
        new Date(now),
        new Date(now + pushExpirySeconds(site) * 1000),
      ],
    );
    return toTransaction(rows[0]!, now);
  });
  await notifyPushDevices(ctx, site, member.id, transaction);
  return pushAnswer(deps, site, member, step.stateToken, transaction, factors);
}

/** MFA_CHALLENGE for a transaction: its id to poll, the number to show, its expiry and status. */
export async function pushAnswer(
  deps: IdentityDeps,
  site: SiteConfig,
  member: Member,
  stateToken: string,
  t: PushTransaction,
  factors: AvailableFactor[],
): Promise<StateResponse> {
  return {
    state: 'MFA_CHALLENGE',
    stateToken,
    identity: await loadWireIdentity(deps.ctx.db, site, member),
    additionalData: { pushStatus: { strValue: t.status } },
    mfaChallengeData: {
      factorType: 'PUSH',
      verificationChallengeData: {
        pushData: {
          transactionId: t.id,
          matchNumber: t.matchNumber,
          expiresDate: t.expiresAt.toISOString(),
          status: t.status,
        },
      },
      availableFactors: factors,
      reason: 'USER_SETTINGS',
    },
  };
}

/** The transaction `transactionId` of this second step, if it is one. */
export async function findStepTransaction(
  db: Queryable,
  siteId: string,
  challengeId: string,
  transactionId: unknown,
  now: number,
): Promise<PushTransaction | undefined> {
  if (typeof transactionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(transactionId)) return undefined;
  const { rows } = await db.query<Row>(
    'select * from mfa_push_transactions where site_id = $1 and id = $2 and challenge_id = $3',
    [siteId, transactionId, challengeId],
  );
  return rows[0] && toTransaction(rows[0], now);
}

/** Inside the step's transaction: true once, for an approved transaction of this step (it is spent). */
export async function spendApprovedPush(
  tx: Queryable,
  siteId: string,
  challengeId: string,
  transactionId: unknown,
): Promise<boolean> {
  if (typeof transactionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(transactionId)) return false;
  const { rowCount } = await tx.query(
    `delete from mfa_push_transactions where site_id = $1 and id = $2 and challenge_id = $3 and status = 'APPROVED'`,
    [siteId, transactionId, challengeId],
  );
  return rowCount === 1;
}

/** The member's transactions waiting for an answer (the approval prompt). */
export async function pendingTransactions(
  db: Queryable,
  siteId: string,
  memberId: string,
  now: number,
): Promise<PushTransaction[]> {
  const { rows } = await db.query<Row>(
    `select * from mfa_push_transactions where site_id = $1 and member_id = $2 and status = 'PENDING' and expires_at > $3
     order by created_at desc limit 5`,
    [siteId, memberId, new Date(now)],
  );
  return rows.map((r) => toTransaction(r, now));
}

/** Answers a pending transaction; false when it was answered or expired already. */
export async function decideTransaction(
  tx: Queryable,
  siteId: string,
  memberId: string,
  transactionId: string,
  decision: { status: 'APPROVED' } | { status: 'DENIED'; reason: 'denied' | 'wrong_number' },
  now: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update mfa_push_transactions set status = $4, deny_reason = $5, decided_at = $6
     where site_id = $1 and member_id = $2 and id = $3 and status = 'PENDING' and expires_at > $6`,
    [
      siteId,
      memberId,
      transactionId,
      decision.status,
      decision.status === 'DENIED' ? decision.reason : null,
      new Date(now),
    ],
  );
  return rowCount === 1;
}

/** The transaction `transactionId` of the member (approve / deny), if it is one. */
export async function findMemberTransaction(
  db: Queryable,
  siteId: string,
  memberId: string,
  transactionId: unknown,
  now: number,
): Promise<PushTransaction | undefined> {
  if (typeof transactionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(transactionId)) return undefined;
  const { rows } = await db.query<Row>(
    'select * from mfa_push_transactions where site_id = $1 and id = $2 and member_id = $3',
    [siteId, transactionId, memberId],
  );
  return rows[0] && toTransaction(rows[0], now);
}
