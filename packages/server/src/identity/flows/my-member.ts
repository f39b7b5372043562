/** The account page's own member: read and change the profile. */
import { appError } from '../../errors/catalogue.js';
import { throwViolations, type IdentityDeps } from '../common.js';
import { toWireIdentity } from '../identity-view.js';
import {
  emitMemberEvent,
  findMemberById,
  isSlugClash,
  slugTaken,
  updateProfile,
  type Member,
} from '../../members/index.js';
import { parseProfile } from '../profile.js';
import type { PatchMyMemberInput } from '../schemas.js';
import type { MemberScope } from '../flow.js';

/** The account page's view of a member: identity fields plus the stored profile. */
function myMember(member: Member, deps: IdentityDeps) {
  const site = deps.ctx.sites.get(member.siteId)!;
  const identity = toWireIdentity(member, site.policies);
  return {
    member: {
      id: member.id,
      loginEmail: member.email,
      emailVerified: member.emailVerified,
      status: identity.status.name,
      revision: identity.revision,
      createdDate: identity.createdDate,
      updatedDate: identity.updatedDate,
      profile: member.profile,
    },
  };
}

/** GET /_api/members/v1/members/my */
export async function getMyMember(deps: IdentityDeps, scope: MemberScope) {
  const { caller } = scope;
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw appError('MEMBER_NOT_FOUND');
  return myMember(member, deps);
}

/**
 * PATCH /_api/members/v1/members/my {profile} — top-level profile fields given replace the stored ones;
 * a field sent as null is removed; fields not sent are kept.
 */
export async function patchMyMember(deps: IdentityDeps, scope: MemberScope, input: PatchMyMemberInput) {
  const { caller } = scope;
  // profile: an object, checked by the route's schema (schemas.ts).
  const parsed = parseProfile(input.profile);
  throwViolations(parsed.violations);
  const change = () =>
    deps.ctx.db.transaction(async (tx) => {
      const member = await findMemberById(tx, caller.siteId, caller.memberId, true);
      if (!member) throw appError('MEMBER_NOT_FOUND');
      // Slugs are unique on the site (members/profile-defaults.ts).
      const slug = parsed.profile.slug;
      if (typeof slug === 'string' && (await slugTaken(tx, caller.siteId, slug, member.id)))
        throw appError('SLUG_ALREADY_EXISTS', { data: { slug } });
      const merged: Record<string, unknown> = { ...member.profile };
      for (const [key, value] of Object.entries(input.profile)) {
        if (value === null) delete merged[key];
        else if (parsed.profile[key] !== undefined) merged[key] = parsed.profile[key];
      }
      const updated = await updateProfile(tx, caller.siteId, member.id, merged, deps.ctx.now());
      await emitMemberEvent(tx, {
        siteId: caller.siteId,
        memberId: member.id,
        member: updated,
        type: 'member.updated',
        now: deps.ctx.now(),
      });
      return myMember(updated!, deps);
    });
  try {
    return await change();
  } catch (error) {
    if (isSlugClash(error)) throw appError('SLUG_ALREADY_EXISTS');
    throw error;
  }
}
