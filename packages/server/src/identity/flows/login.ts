/** The login flow: email and password, the per-account throttle and its captcha escape, then the next step. */
import { appError } from '../../errors/catalogue.js';
import {
  hashPassword,
  needsRehash,
  verifyPassword,
  PASSWORD_MAX_LENGTH,
  admitLoginAttemptWith,
  loginSucceeded,
  tooManyFailedLogins,
} from '../../security/index.js';
import { originOf, type FlowScope } from '../flow.js';
import {
  isEmail,
  limitIp,
  refuseUnconfirmedEmail,
  memberBlocked,
  nextState,
  type IdentityDeps,
  type StateResponse,
} from '../common.js';
import { deferredTransaction } from '../../store/deferred-writes.js';
import {
  findMemberForSignIn,
  memberForSignInFrom,
  memberForSignInRead,
  recordVisitor,
  setPassword,
} from '../../members/index.js';
import type { LoginInput } from '../schemas.js';

// One answer for "no such account" and "wrong password": login must not reveal which addresses exist.
export const wrongCredentials = () => appError('WRONG_PASSWORD');

export const mustResetPassword = () => appError('PASSWORD_RESET_REQUIRED');

/**
 * POST /_api/iam/authentication/v2/login. Failures are application errors only: the reference
 * client crashes on a validation body here (docs/wire-format.md §8.3).
 */
export async function login(deps: IdentityDeps, scope: FlowScope, input: LoginInput): Promise<StateResponse> {
  const { site, visitorId } = scope;
  const email =
    input.loginId && typeof input.loginId === 'object' ? (input.loginId as Record<string, unknown>).email : undefined;
  if (!isEmail(email)) throw appError('INVALID_EMAIL');
  refuseUnconfirmedEmail(email);
  const password = input.password;
  // Nothing over the maximum can ever have been set, so it is refused before any hashing work.
  if (typeof password !== 'string' || password.length === 0 || [...password].length > PASSWORD_MAX_LENGTH)
    throw wrongCredentials();
  await limitIp(deps, scope.ip, site.id, 'login');

  const origin = originOf(scope);
  const attempt = { siteId: site.id, email, ip: origin.ip };
  // Counted before anything is verified, so parallel guesses cannot overtake the count (audit F-1). The
  // member is read in the count's own statement when the limiter is the database (#54); else on its own.
  const memberRead = memberForSignInRead(site.id, email);
  const { admission, alongside } = await admitLoginAttemptWith(deps.limiter, attempt, memberRead);
  const member = alongside ? memberForSignInFrom(alongside) : await findMemberForSignIn(deps.ctx.db, site.id, email);
  const audit = { siteId: site.id, memberId: member?.id, email: email.trim(), ...origin };
  if (!admission.allowed) {
    const refused = () =>
      deps.ctx.authEvents.record({
        ...audit,
        type: 'lockout',
        outcome: 'refused',
        detail: { scope: admission.scope, captcha: site.policies.captcha !== 'off' },
      });
    if (site.policies.captcha === 'off') {
      await refused();
      throw tooManyFailedLogins(admission.retryAfterSeconds);
    }
    await deps.captcha.require(site, input.captchaTokens, origin.ip).catch(async (error: unknown) => {
      await refused();
      throw error;
    });
  }

  // Unknown addresses and accounts without a password verify a decoy hash: the same answer in the same time.
  const ok = await verifyPassword(member?.passwordHash, password);
  // Imported without a usable password hash (member-admin/import/): the way in is the reset mail (-19973).
  if (member && !member.passwordHash && member.importedAt && member.passwordResetRequired) {
    await deps.ctx.authEvents.record({
      ...audit,
      type: 'sign_in',
      outcome: 'failure',
      detail: { reason: 'reset_required' },
    });
    throw mustResetPassword();
  }
  if (!member || !ok) {
    const reason = !member ? 'unknown_account' : member.passwordHash ? 'wrong_password' : 'no_password';
    await deps.ctx.authEvents.record({ ...audit, type: 'sign_in', outcome: 'failure', detail: { reason } });
    if (admission.allowed && admission.exhausts) {
      await deps.ctx.authEvents.record({
        ...audit,
        type: 'lockout',
        outcome: 'success',
        detail: { scope: admission.exhausts, begins: true },
      });
    }
    throw wrongCredentials();
  }
  if (member.passwordResetRequired || member.status === 'BLOCKED') {
    await deps.ctx.authEvents.record({
      ...audit,
      type: 'sign_in',
      outcome: 'failure',
      detail: { reason: member.passwordResetRequired ? 'reset_required' : 'blocked' },
    });
    throw member.passwordResetRequired ? mustResetPassword() : memberBlocked();
  }
  const rehash = needsRehash(member.passwordHash!) ? await hashPassword(password) : undefined;
  // The transaction's writes that nobody reads back (throttle reset, session token, webhook event, audit
  // record) go out as one statement at its end, without BEGIN and COMMIT when nothing else runs (#54).
  return deferredTransaction(deps.ctx.db, async (tx) => {
    const now = deps.ctx.now();
    // The throttle's success bookkeeping commits with the session: one commit instead of three or four (#11).
    await loginSucceeded(deps.limiter, attempt, admission, tx);
    if (rehash) await setPassword(tx, site.id, member.id, rehash, now);
    // Signing in again from the same browser changes nothing here: no write.
    if (visitorId !== member.visitorId) await recordVisitor(tx, site.id, member.id, visitorId);
    const deviceToken = (input.clientMetaData as { deviceToken?: unknown } | undefined)?.deviceToken;
    const state = await nextState(tx, deps, site, member, visitorId, { deviceToken });
    await deps.ctx.authEvents.record(
      { ...audit, type: 'sign_in', outcome: 'success', detail: { state: state.state } },
      tx,
    );
    return state;
  });
}
