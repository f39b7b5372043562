import type { Database } from '../store/types.js';
import { sweepMfa } from './mfa/housekeeping.js';
import { upgradeLegacyRecoveryCodes } from './mfa/recovery-code-upgrade.js';
import { pruneAuditLog } from '../security/index.js';

/**
 * Deletes what can no longer be used: spent or expired one-time tokens and codes, member sessions past
 * their lifetime, spent captcha proofs, closed rate-limit windows and old delivered mail. Idempotent, so every instance may run it.
 * A day of grace keeps recent rows around for support questions ("did the link expire?").
 */
export async function sweepExpired(db: Database, now: number): Promise<void> {
  const dayAgo = new Date(now - 24 * 3600 * 1000);
  await db.query('delete from session_tokens where expires_at < $1', [dayAgo]);
  await db.query('delete from verifications where expires_at < $1', [dayAgo]);
  await db.query('delete from recovery_tokens where expires_at < $1', [dayAgo]);
  await sweepMfa(db, dayAgo);
  // Member sessions past their absolute lifetime (revoked and idle ones included) and their refresh
  // tokens; the audit trail of how each ended is in auth_events.
  await db.query('delete from refresh_tokens where expires_at < $1', [dayAgo]);
  await db.query('delete from sessions where expires_at < $1', [dayAgo]);
  await db.query('delete from captcha_spent where expires_at < $1', [new Date(now)]);
  await db.query('delete from rate_limits where expires_ms < $1', [now]);
  await db.query('delete from mail_outbox where (sent_at is not null or failed_at is not null) and created_at < $1', [
    new Date(now - 30 * 24 * 3600 * 1000),
  ]);
  await pruneAuditLog(db, now);
}

/** Runs the sweep every `intervalMs` (unref'd: it never keeps the process alive); returns a stopper. */
export function startHousekeeping(
  db: Database,
  now: () => number,
  log: { warn(obj: object, msg: string): void },
  intervalMs = 10 * 60 * 1000,
): () => void {
  const failed = (what: string) => (error: unknown) =>
    log.warn({ err: error instanceof Error ? error.message : String(error) }, what);
  // Recovery codes stored before audit S-11 get their argon2id at start (and again with every sweep,
  // for rows an interrupted run left).
  const upgrade = () => upgradeLegacyRecoveryCodes(db).catch(failed('recovery-code upgrade failed'));
  void upgrade();
  const timer = setInterval(() => {
    sweepExpired(db, now()).catch(failed('identity housekeeping failed'));
    void upgrade();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
