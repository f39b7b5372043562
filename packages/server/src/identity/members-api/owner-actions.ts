/**
 * The Members API's owner actions and deletions: approveMember (which also unblocks, as Wix's does),
 * blockMember, deleteMember (an API key), and deleteMyMember (the member). They run the console's own paths
 * (members/access-actions.ts, members/deletion.ts): the same webhooks, ended sessions and deleted data. After
 * a deletion the member's tokens fail (their sessions are gone) and the id answers MEMBER_DELETED.
 */
import { changeMemberAccess, deleteMember as deleteStoredMember, type AccessAction } from '../../members/index.js';
import { mailIfApproved } from '../../mail/approval-mail.js';
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

/**
 * DELETE /members/v1/members/my: the signed-in member deletes their account. `contentAssigneeId` is not
 * used: their data items stay, owned by nobody (members/deletion.ts), as with the console's deletion.
 */
export function deleteMyMember(deps: IdentityDeps, caller: MembersCaller) {
  const member = requireMember(caller);
  return remove(deps, member, member.memberId);
}
