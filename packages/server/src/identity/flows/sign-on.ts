/** Sign-on: a site's backend vouches for a member with its API key. */
import { appError } from '../../errors/catalogue.js';
import type { Caller } from '../../http/caller.js';
import { adoptUnverifiedAccount } from '../account-linking.js';
import { emailOf, emailViolation, memberBlocked, throwViolations, type IdentityDeps } from '../common.js';
import { loadWireIdentity, type WireIdentity } from '../identity-view.js';
import { findMemberByEmail, insertMember, type Member, emitMemberEvent } from '../../members/index.js';
import { parseProfile } from '../profile.js';
import { issueSessionToken } from '../../sessions/session-tokens.js';
import { identityOf } from '../../webhooks/events.js';
import type { SignOnInput } from '../schemas.js';
import type { CallOrigin } from '../flow.js';

/**
 * POST /_api/iam/authentication/v2/sign-on — a site's backend vouches for a member (API key in
 * `Authorization: <token>,<apiKey>`): found or created (without a password), answered with a session token.
 * With `verifyEmail: true` onto an existing unverified password account, the account is taken over for
 * the owner of the address (identity/account-linking.ts; audit F-2) instead of linked as it is.
 * `mergeExistingContact` (default true) merges with what the address has; `false` is refused
 * (CONTACT_MERGE_REQUIRED), since a second record for one address cannot be made.
 */
export async function signOn(
  deps: IdentityDeps,
  scope: CallOrigin & { caller: Caller },
  input: SignOnInput,
): Promise<{ sessionToken: string; identity: WireIdentity }> {
  const { caller } = scope;
  if (caller.kind !== 'admin')
    throw appError('UNAUTHORIZED', {
      description: 'Sign-on needs a site API key: Authorization: <accessToken>,<apiKey>',
    });
  const site = caller.siteId ? deps.ctx.sites.get(caller.siteId) : undefined;
  if (!site)
    throw appError('PERMISSION_DENIED', { description: 'The key is not bound to a site; send X-Vitrine-Site-Id' });
  const parsed = parseProfile(input.profile);
  throwViolations([emailViolation(input.loginId), ...parsed.violations]);
  const email = emailOf(input.loginId);
  // Vitrine keeps one record per address: the member, and the guest orders that join it once the address is
  // verified (commerce/orders/guest-orders.ts). A separate contact cannot be made, so `false` is refused by name.
  if (input.mergeExistingContact === false) throw appError('CONTACT_MERGE_REQUIRED');
  return deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    let adopted: { adopted: true; sessionsEnded: number } | undefined;
    let member: Member | undefined = await findMemberByEmail(tx, site.id, email);
    if (!member) {
      member = await insertMember(tx, {
        siteId: site.id,
        email,
        passwordHash: null,
        passwordResetRequired: true,
        emailVerified: input.verifyEmail === true,
        approved: true,
        profile: parsed.profile,
        now,
      });
      if (member)
        await emitMemberEvent(tx, {
          siteId: site.id,
          memberId: member.id,
          member,
          type: 'member.created',
          identity: identityOf(caller),
          now,
        });
      // A concurrent sign-on created it a moment ago.
      member ??= await findMemberByEmail(tx, site.id, email);
      if (!member) throw appError('CONFLICT');
    } else if (input.verifyEmail === true && !member.emailVerified) {
      const linked = await adoptUnverifiedAccount(tx, deps.ctx, {
        siteId: site.id,
        memberId: member.id,
        reason: 'account-adopted',
        now,
      });
      member = linked.member;
      if (linked.adopted) adopted = { adopted: true, sessionsEnded: linked.sessionsEnded };
    }
    if (member.status === 'BLOCKED') throw memberBlocked();
    if (member.status !== 'ACTIVE') throw appError('MEMBER_PENDING_APPROVAL');
    const sessionToken = await issueSessionToken(tx, { siteId: site.id, memberId: member.id }, now);
    await emitMemberEvent(tx, {
      siteId: site.id,
      memberId: member.id,
      member,
      type: 'member.signed_in',
      identity: identityOf(caller),
      now,
    });
    await deps.ctx.authEvents.record(
      {
        type: 'sign_on',
        outcome: 'success',
        siteId: site.id,
        memberId: member.id,
        email,
        ip: scope.ip,
        detail: adopted,
      },
      tx,
    );
    return { sessionToken, identity: await loadWireIdentity(tx, site, member) };
  });
}
