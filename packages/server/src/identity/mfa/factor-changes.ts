import type { SiteConfig } from '../../config/types.js';
import type { Caller } from '../../http/caller.js';
import { mailLanguage } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emitMemberEvent, type Member } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import { nextState, type IdentityDeps, type StateResponse } from '../common.js';
import { consumeChallenge, invalidStateToken, type MfaChallenge } from './challenge.js';
import { toWireFactor, type Factor } from './factors.js';
import { factorChangedMail } from './mails.js';
import {
  liveRecoveryCodeCount,
  newRecoveryCodeSet,
  replaceRecoveryCodes,
  type RecoveryCodeSet,
} from './recovery-codes.js';

/* Who changes factors, and what every change does (the notice, the event, the webhook): shared by
   manage.ts and the phone factors (phone-factor.ts). */

/**
 * Who manages factors: a signed-in member (changes need a fresh sign-in or the current password,
 * security/reauthentication.ts), or — to enrol a first factor when `policies.mfa` is "required" — the
 * stateToken of the REQUIRE_MFA answer.
 */
export interface Actor {
  site: SiteConfig;
  member: Member;
  caller: Extract<Caller, { kind: 'member' }> | undefined;
  enrolment: MfaChallenge | undefined;
  /** The caller's address, for the audit log. */
  ip: string;
}

/** The body of a factor-management call: the fields each call reads are checked where it reads them. */
export type FactorInput = Record<string, unknown>;

/** Notice mail, auth event and webhook of a factor change, in the change's transaction. */
export async function recordChange(
  tx: Queryable,
  deps: IdentityDeps,
  a: Actor,
  factor: Factor,
  kind: 'added' | 'removed',
  now: number,
): Promise<void> {
  const { ctx } = deps;
  const mail = factorChangedMail(mailLanguage(a.site, { member: a.member }), a.site, {
    kind,
    factor: factor.type,
  });
  await enqueueMail(tx, { siteId: a.site.id, kind: `factor-${kind}`, to: a.member.email, ...mail }, now);
  await ctx.authEvents.record(
    {
      type: `factor_${kind}`,
      outcome: 'success',
      siteId: a.site.id,
      memberId: a.member.id,
      clientId: a.caller?.clientId,
      ip: a.ip,
      detail: { factorType: factor.type },
    },
    tx,
  );
  await emitMemberEvent(tx, { siteId: a.site.id, memberId: a.member.id, type: `member.factor_${kind}`, now });
}

/** After a factor became active: recovery codes if the member has none, the notice, and (enrolment) the sign-in's next state. */
export async function factorActivated(
  tx: Queryable,
  deps: IdentityDeps,
  a: Actor,
  factor: Factor,
  now: number,
  completesSignIn: boolean,
  prepared: RecoveryCodeSet | undefined,
) {
  // `prepared` was hashed before the transaction; a member whose last code went in between gets a set made here.
  const recoveryCodes =
    (await liveRecoveryCodeCount(tx, a.site.id, a.member.id)) === 0
      ? await replaceRecoveryCodes(
          tx,
          a.site.id,
          a.member.id,
          now,
          prepared ?? (await newRecoveryCodeSet(a.site.id, a.member.id)),
        )
      : undefined;
  await recordChange(tx, deps, a, factor, 'added', now);
  let state: StateResponse | undefined;
  if (a.enrolment && completesSignIn) {
    if (!(await consumeChallenge(tx, a.site.id, a.enrolment.id, now))) throw invalidStateToken();
    state = await nextState(tx, deps, a.site, a.member, a.enrolment.visitorId ?? undefined, {
      secondFactorPassed: true,
    });
  }
  return {
    ...state,
    factor: { ...toWireFactor(factor), status: 'ACTIVE' as const },
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}
