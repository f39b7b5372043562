/**
 * The Members API's owner actions and deletions: approveMember (which also unblocks, as Wix's does),
 * blockMember, deleteMember (an API key), and deleteMyMember (the member). They run the console's own paths
 * (members/access-actions.ts, members/deletion.ts): the same webhooks, ended sessions and deleted data. After
 * a deletion the member's tokens fail (their sessions are gone) and the id answers MEMBER_DELETED.
 */
import { changeMemberAccess, deleteMember as deleteStoredMember, type AccessAction } from '../../members/index.js';
import { mailIfApproved } from '../../mail/approval-mail.js';
import { requireRecentAuthentication } from '../../security/index.js';
import type { IdentityDeps } from '../common.js';
import { requireAdmin, requireMember, type MembersCaller } from './caller.js';
import { memberOr404, memberView } from './reads.js';

/** POST /members/v1/members/{id}/approve | block */
export async function changeAccess(deps: IdentityDeps, caller: MembersCaller, id: string, action: AccessAction) {
  const admin = requireAdmin(caller);
  const member = await deps.ctx.db.transaction(async (tx) => {
    const target = await memberOr404(tx, admin.siteId, id, true);
    const after = await changeMemberAccess(tx, target, action, admin.identity, deps.ctx.now());
    // Told as the console's approval tells them (mail/approval-mail.ts), in the same transaction.
    await mailIfApproved(deps.ctx, tx, target, after, deps.ctx.now());
    return after;
  });
  return { member: memberView(deps, caller, member, 'FULL') };
}

async function remove(deps: IdentityDeps, caller: Extract<MembersCaller, { identity: unknown }>, id: string) {
  await deps.ctx.db.transaction(async (tx) => {
    const member = await memberOr404(tx, caller.siteId, id, true);
    await deleteStoredMember(tx, member, caller.identity, deps.ctx.now());
  });
  return {};
}

/** DELETE /members/v1/members/{id} */
export function deleteMember(deps: IdentityDeps, caller: MembersCaller, id: string) {
  return remove(deps, requireAdmin(caller), id);
}

/** What the member offers to prove it is them: `currentPassword` (from the body only), and their address. */
export interface DeleteMyMemberProof {
  currentPassword?: unknown;
  ip: string;
}

/**
 * DELETE /members/v1/members/my: the signed-in member deletes their account. As on the hosted account page
 * (sign-in/account/info.ts), a sign-in within 10 minutes or the current password is needed: a stolen or
 * long-lived access token alone must not be able to erase the account (403 REAUTHENTICATION_REQUIRED).
 * `contentAssigneeId` is not used: their data items stay, owned by nobody (members/deletion.ts), as with the
 * console's deletion.
 */
export async function deleteMyMember(deps: IdentityDeps, caller: MembersCaller, proof: DeleteMyMemberProof) {
  const self = requireMember(caller);
  const member = await memberOr404(deps.ctx.db, self.siteId, self.memberId);
  // Before the transaction: a current password costs an argon2 verification, no row lock is held for it.
  await requireRecentAuthentication(deps.ctx, self, {
    currentPassword: proof.currentPassword,
    member,
    ip: proof.ip,
  });
  return remove(deps, self, self.memberId);
}
