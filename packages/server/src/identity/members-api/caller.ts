/**
 * Who calls the Members API, and what they may do (issue #52). An API key (a site key, `ApiKeyStrategy`) or
 * the server's admin key acts as the site's owner: every member, every fieldset, every action. A member
 * reads members whose privacy is PUBLIC, and themselves, and changes only themselves. A visitor reads PUBLIC
 * members. Others see the PUBLIC fieldset of a member only. No token at all is a 401: the site is not known.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { resolveCaller } from '../../http/resolve-caller.js';
import { adminAccess, type AdminAccess } from '../../owners/admin-access.js';
import type { WebhookIdentity } from '../../webhooks/events.js';

export type MembersCaller =
  | { kind: 'admin'; siteId: string; identity: WebhookIdentity; access: AdminAccess }
  | {
      kind: 'member';
      siteId: string;
      memberId: string;
      identity: WebhookIdentity;
      /** The signed-in session: what re-authentication reads (when it was signed into). */
      clientId: string;
      sessionId: string;
    }
  | { kind: 'visitor'; siteId: string };

export async function membersCallerOf(request: FastifyRequest, ctx: AppContext): Promise<MembersCaller> {
  const caller = await resolveCaller(request, ctx);
  if (caller.kind === 'admin') {
    // `ApiKeyStrategy({siteId})` names the site in `wix-site-id`; a site key carries its own.
    const header = request.headers['wix-site-id'];
    const access = await adminAccess(ctx, request, caller.siteId ?? (typeof header === 'string' ? header : undefined));
    return { kind: 'admin', siteId: access.siteId, identity: access.identity, access };
  }
  if (caller.kind === 'member')
    return {
      kind: 'member',
      siteId: caller.siteId,
      memberId: caller.memberId,
      identity: { identityType: 'MEMBER', memberId: caller.memberId },
      clientId: caller.clientId,
      sessionId: caller.sessionId,
    };
  if (caller.kind === 'visitor') return { kind: 'visitor', siteId: caller.siteId };
  throw appError('UNAUTHORIZED', {
    description: 'Send a visitor or member access token, or an API key (Authorization header)',
  });
}

/** Owner actions (create, delete, approve, block): an API key or the admin key. */
export function requireAdmin(caller: MembersCaller): Extract<MembersCaller, { kind: 'admin' }> {
  if (caller.kind === 'admin') return caller;
  throw appError('PERMISSION_DENIED', { description: 'This call needs an API key (the site owner)' });
}

/** The signed-in member's own calls (`…/members/my…`): a member token with a live session. */
export function requireMember(caller: MembersCaller): Extract<MembersCaller, { kind: 'member' }> {
  if (caller.kind === 'member') return caller;
  throw appError('UNAUTHORIZED', { description: 'A member access token is required' });
}

/** Changing a member: the owner (a key), or the member themselves. */
export function requireSelfOrAdmin(caller: MembersCaller, memberId: string): void {
  if (caller.kind === 'admin' || (caller.kind === 'member' && caller.memberId === memberId)) return;
  throw appError('PERMISSION_DENIED', { description: 'A member may change only their own account' });
}
