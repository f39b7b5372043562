import { appError } from '../errors/catalogue.js';
import type { ApplicationError } from '../errors/wire.js';
import type { AlongsideRead, RateLimiter, RateLimitResult } from './rate-limit.js';
import { sha256 } from './secrets.js';
import type { Queryable, Row } from '../store/types.js';
import { emailKey } from './email-key.js';

/**
 * Per-account sign-in throttling (audit F-1, F-14; ASVS 6.1.1, 6.3.1).
 *
 * Every attempt is counted before the password is verified, with one atomic increment, so guesses
 * sent in parallel cannot overtake the count. Two budgets of `failures` attempts per window:
 *  - per account and address: an address that keeps failing is paused without touching anyone else;
 *  - per account, shared by every address the account has never signed in from: a thousand
 *    addresses together still get one budget.
 * An address with a successful sign-in (or password reset) in the last `rememberAddressSeconds` skips
 * the shared budget, so a stranger's failures do not lock the owner out where they usually sign in.
 * On sites with captcha, a spent budget asks for a captcha instead of refusing.
 * Every check of a member's password counts here, not only the login's: the current password that
 * re-authenticates a sensitive change (security/reauthentication.ts; audit S-2) spends the same budgets.
 */
export const accountLockout = { failures: 5, windowSeconds: 900, rememberAddressSeconds: 30 * 86_400 };

export interface LoginAttempt {
  siteId: string;
  email: string;
  ip: string;
}

export type LockScope = 'address' | 'account';

/**
 * `exhausts`: this attempt used the last of a budget, so a failure here begins a lock.
 * `shared`: it was counted on the account's shared budget (the address is not remembered).
 */
export type Admission =
  | { allowed: true; exhausts: LockScope | undefined; shared: boolean }
  | { allowed: false; scope: LockScope; retryAfterSeconds: number };

// Hashed: the counters are not a second record of who signs in from where.
const digest = (value: string) => sha256(value).toString('base64url');
// One attempt's keys are asked for before and after the password check: computed once per attempt.
const digests = new WeakMap<LoginAttempt, { pair: string; account: string }>();
function digestsOf(a: LoginAttempt): { pair: string; account: string } {
  let d = digests.get(a);
  if (!d) {
    const email = emailKey(a.email);
    d = { pair: digest(`${email}\n${a.ip}`), account: digest(email) };
    digests.set(a, d);
  }
  return d;
}
const pairKey = (a: LoginAttempt) => `login-pair:${a.siteId}:${digestsOf(a).pair}`;
const knownKey = (a: LoginAttempt) => `login-known:${a.siteId}:${digestsOf(a).pair}`;
const accountKey = (a: LoginAttempt) => `login-account:${a.siteId}:${digestsOf(a).account}`;

const rule = () => ({ limit: accountLockout.failures, windowSeconds: accountLockout.windowSeconds });

const refusal = (scope: LockScope, hit: RateLimitResult): Admission => ({
  allowed: false,
  scope,
  retryAfterSeconds: hit.retryAfterSeconds,
});

/** 429 `TOO_MANY_FAILED_LOGINS` with `retry-after`: the answer of a locked account (login, re-authentication). */
export function tooManyFailedLogins(retryAfterSeconds: number): ApplicationError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = appError('TOO_MANY_FAILED_LOGINS', {
    description: `Too many failed sign-in attempts for this account; try again in ${minutes} minute(s)`,
    data: { retryAfterSeconds },
  });
  error.headers['retry-after'] = String(Math.max(1, retryAfterSeconds));
  return error;
}

/** Counts one attempt and says whether its password may be checked. */
export async function admitLoginAttempt(limiter: RateLimiter, attempt: LoginAttempt): Promise<Admission> {
  return (await admitLoginAttemptWith(limiter, attempt)).admission;
}

/**
 * `admitLoginAttempt` with a read the sign-in needs next (the member) sent in the count's own statement when
 * the limiter is the database (#54: one round trip fewer per sign-in); `alongside` is undefined when it was
 * not run (Redis), and the caller reads it itself. Still counted before anything is verified.
 */
export async function admitLoginAttemptWith(
  limiter: RateLimiter,
  attempt: LoginAttempt,
  read?: AlongsideRead,
): Promise<{ admission: Admission; alongside?: Row[] }> {
  const {
    hit: pair,
    peeked: known,
    alongside,
  } = await limiter.hitAndPeek(pairKey(attempt), rule(), knownKey(attempt), read);
  const answer = (admission: Admission) => ({ admission, ...(alongside && { alongside }) });
  if (!pair.allowed) return answer(refusal('address', pair));
  const pairSpent = pair.count === accountLockout.failures ? 'address' : undefined;
  if (known.count > 0) return answer({ allowed: true, exhausts: pairSpent, shared: false });
  const account = await limiter.hit(accountKey(attempt), rule());
  if (!account.allowed) return answer(refusal('account', account));
  return answer({
    allowed: true,
    exhausts: account.count === accountLockout.failures ? 'account' : pairSpent,
    shared: true,
  });
}

/**
 * The password was right: this address starts afresh and is remembered for the account. The shared
 * budget only gets this attempt back: other addresses' failures still count. With `tx` (the sign-in's own
 * transaction) these writes commit with the session instead of as three commits of their own; the
 * attempt itself was counted and committed before the password was checked, so nothing is lost if the
 * sign-in's transaction rolls back.
 */
export async function loginSucceeded(
  limiter: RateLimiter,
  attempt: LoginAttempt,
  admission?: Admission,
  tx?: Queryable,
): Promise<void> {
  // An address already remembered (admitted on the address's own budget, not the shared one) is not
  // written again: a hit on a live window only raises its count and never moves its end, so the write
  // changed nothing anyone reads (#11: one statement fewer per returning sign-in).
  const alreadyKnown = admission?.allowed === true && !admission.shared;
  const writes = [
    () => limiter.reset(pairKey(attempt), tx),
    ...(alreadyKnown
      ? []
      : [
          () =>
            limiter.hit(knownKey(attempt), { limit: 1, windowSeconds: accountLockout.rememberAddressSeconds }, 1, tx),
        ]),
    ...(admission?.allowed && admission.shared ? [() => limiter.hit(accountKey(attempt), rule(), -1, tx)] : []),
  ];
  // One transaction is one connection: its statements go one after another (pg refuses overlapping ones).
  if (tx) for (const write of writes) await write();
  else await Promise.all(writes.map((write) => write()));
}

/**
 * A password reset proved the inbox: the account's shared lock ends, and the address the reset came
 * from is cleared and remembered, so the owner can sign in at once.
 */
export async function clearLoginLocks(limiter: RateLimiter, attempt: LoginAttempt): Promise<void> {
  await Promise.all([limiter.reset(accountKey(attempt)), loginSucceeded(limiter, attempt)]);
}
