import type { SiteConfig } from '../../config/types.js';
import { httpErrors } from '../../errors/wire.js';
import type { Member } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import type { IdentityDeps, StateResponse } from '../common.js';
import type { FlowScope } from '../flow.js';
import { loadWireIdentity } from '../identity-view.js';
import type { MfaChallenge } from './challenge.js';
import type { AvailableFactor } from './gate.js';
import { findStepTransaction, pushAnswer, pushChallenge } from './push.js';

/**
 * The waiting side of push approval in the second step (verify.ts): `/v2/push/verify {stateToken}`
 * starts a transaction; `{pushData: {transactionId}}` answers MFA_CHALLENGE with `pushStatus` PENDING
 * until it is answered (nothing counted), REQUIRE_MFA with `failure: PUSH_EXPIRED` once it expired (the
 * member may ask again or use another factor). Approved or denied, verify.ts's usual path decides:
 * approved is SUCCESS (remember-device, events), denied ends the step (PUSH_DENIED, after the 150 ms floor).
 */
export async function pushStepBeforeAnswer(
  deps: IdentityDeps,
  step: { site: SiteConfig; member: Member; challenge: MfaChallenge; stateToken: string; scope: FlowScope },
  data: Record<string, unknown>,
  factors: AvailableFactor[],
): Promise<StateResponse | undefined> {
  const { ctx } = deps;
  if (data.transactionId === undefined || data.transactionId === '') return pushChallenge(deps, step, factors);
  const t = await findStepTransaction(ctx.db, step.site.id, step.challenge.id, data.transactionId, ctx.now());
  if (t?.status === 'PENDING') return pushAnswer(deps, step.site, step.member, step.stateToken, t, factors);
  if (t?.status === 'EXPIRED')
    return {
      state: 'REQUIRE_MFA',
      stateToken: step.stateToken,
      identity: await loadWireIdentity(ctx.db, step.site, step.member),
      additionalData: { failure: { strValue: 'PUSH_EXPIRED' } },
      requireMfaData: { availableFactors: factors, reason: 'USER_SETTINGS' },
    };
  return undefined;
}

/** Polls of a push transaction per address: one every 2 s for 15 minutes. */
export const pushPollLimit = { limit: 450, windowSeconds: 900 };

export async function limitPushPolls(deps: IdentityDeps, scope: FlowScope): Promise<void> {
  const result = await deps.limiter.hit(`push-poll:${scope.site.id}:${scope.ip}`, pushPollLimit);
  if (!result.allowed) throw httpErrors.tooManyRequests(result.retryAfterSeconds);
}

/** A denied (or unknown) push answer ends the second step: the one signing in starts again with the password. */
export async function endDeniedPushStep(db: Queryable, siteId: string, challengeId: string, now: number) {
  await db.query('update mfa_challenges set consumed_at = $3 where site_id = $1 and id = $2 and consumed_at is null', [
    siteId,
    challengeId,
    new Date(now),
  ]);
}
