import type { AppContext } from '../context.js';
import type { Queryable } from '../store/types.js';
import { revokeMemberAccess } from './member-access.js';
import { findMemberById, type Member } from '../members/index.js';

/**
 * Account pre-hijacking (audit F-2): anyone can register an address they do not own, with a password
 * they know, and wait for the owner to arrive through a trusted identity (the shop backend's sign-on
 * with `verifyEmail: true`, later SSO). Linking that identity to the account as it is would leave the
 * squatter signed in and able to sign in again. An account whose address was never verified is
 * therefore taken over instead: its password is cleared (a new one only through "Forgot password",
 * which mails the owner), and every session, session token, code and recovery link it handed out ends.
 */

/** True when linking a verified identity to `member` must adopt it first: unverified, with a password someone chose. */
export function needsAdoption(member: Member): boolean {
  return !member.emailVerified && member.passwordHash !== null;
}

/**
 * Takes an unverified account over for the verified owner of its address, inside the caller's
 * transaction: locks the row, clears the password, ends all access, and marks the address verified.
 * Returns the member as it is now and whether it was adopted (false when it was verified or had no
 * password by the time the lock was held: then it is only marked verified).
 */
export async function adoptUnverifiedAccount(
  tx: Queryable,
  ctx: AppContext,
  input: { siteId: string; memberId: string; reason: string; now: number },
): Promise<{ member: Member; adopted: boolean; sessionsEnded: number }> {
  const locked = await findMemberById(tx, input.siteId, input.memberId, true);
  if (!locked) throw new Error(`member ${input.memberId} vanished during sign-on`);
  const adopted = needsAdoption(locked);
  let sessionsEnded = 0;
  if (adopted) {
    sessionsEnded = await revokeMemberAccess(tx, ctx, {
      siteId: input.siteId,
      memberId: locked.id,
      reason: input.reason,
      now: input.now,
    });
  }
  await tx.query(
    `update members set email_verified = true,
            password_hash = case when $3::boolean then null else password_hash end,
            password_reset_required = password_reset_required or $3::boolean,
            revision = revision + 1, updated_at = $4
      where site_id = $1 and id = $2`,
    [input.siteId, locked.id, adopted, new Date(input.now)],
  );
  const member = (await findMemberById(tx, input.siteId, locked.id))!;
  return { member, adopted, sessionsEnded };
}
