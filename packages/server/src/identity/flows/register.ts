/** The register flow: a new member with a password, then the next step (verification, approval, second factor or a session token). */
import { appError } from '../../errors/catalogue.js';
import { hashPassword, passwordViolation } from '../../security/index.js';
import { originOf, type FlowScope } from '../flow.js';
import {
  emailOf,
  emailViolation,
  limitIp,
  nextState,
  throwViolations,
  type IdentityDeps,
  type StateResponse,
} from '../common.js';
import { insertMember, emitMemberEvent } from '../../members/index.js';
import { parseProfile } from '../profile.js';
import { identityOf } from '../../webhooks/events.js';
import type { RegisterInput } from '../schemas.js';

export const emailExists = () => appError('EMAIL_EXISTS');

/** POST /_api/iam/authentication/v2/register */
export async function register(deps: IdentityDeps, scope: FlowScope, input: RegisterInput): Promise<StateResponse> {
  const { site, visitorId, caller } = scope;
  const parsed = parseProfile(input.profile);
  const emailProblem = emailViolation(input.loginId);
  const context = { siteName: site.name, email: emailProblem ? undefined : emailOf(input.loginId) };
  throwViolations([emailProblem, passwordViolation(input.password, 'password', context), ...parsed.violations]);
  await limitIp(deps, scope.ip, site.id, 'register');
  await deps.captcha.require(site, input.captchaTokens, scope.ip);
  const passwordHash = await hashPassword(input.password as string);
  return deps.ctx.db.transaction(async (tx) => {
    const member = await insertMember(tx, {
      siteId: site.id,
      email: emailOf(input.loginId),
      passwordHash,
      emailVerified: false,
      approved: site.policies.memberApproval !== 'manual',
      profile: parsed.profile,
      visitorId,
      now: deps.ctx.now(),
    });
    if (!member) throw emailExists();
    await deps.ctx.authEvents.record(
      {
        type: 'register',
        outcome: 'success',
        siteId: site.id,
        memberId: member.id,
        email: member.email,
        ...originOf(scope),
      },
      tx,
    );
    await emitMemberEvent(tx, {
      siteId: site.id,
      memberId: member.id,
      member,
      type: 'member.created',
      identity: identityOf(caller),
      now: deps.ctx.now(),
    });
    // A new member has no second factor yet: nothing to read for the identity or the second step.
    return nextState(tx, deps, site, { ...member, hasActiveFactors: false }, visitorId);
  });
}
