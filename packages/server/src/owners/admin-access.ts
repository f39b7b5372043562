import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { parseAuthorization, resolveCaller } from '../http/resolve-caller.js';
import { isOwnerRequest, recordOwnerEvent, requireOwner, type AuditDetail } from './access.js';
import type { OwnerActionName } from '../security/index.js';
import { ownerRunsSite, type Owner, type OwnerRole } from './store.js';
import { ownerIdentity, type WebhookIdentity } from '../webhooks/events.js';

export interface AdminAccess {
  siteId: string;
  /** Set when a console owner (not a key) is calling: their actions go to the audit log as theirs. */
  owner?: Owner;
  /**
   * Who is acting, for webhook events: the owner (WIX_USER), the server's admin key (the owner), or a
   * site API key from the config or the database as an app named by the key (APP).
   */
  identity: WebhookIdentity;
}

/**
 * Who may call the admin API on a site: the server's admin key (every site), a site API key (its own
 * site), or — where `roles` names them — a console owner signed in with one of those roles, on a site
 * they run. Anything
 * else is a 401 envelope; a known caller without the right is a 403.
 */
export async function adminAccess(
  ctx: AppContext,
  request: FastifyRequest,
  siteId: unknown,
  roles?: readonly OwnerRole[],
): Promise<AdminAccess> {
  if (roles && isOwnerRequest(ctx, request)) {
    const { owner } = await requireOwner(ctx, request, roles);
    const site = knownSite(ctx, siteId);
    // An owner acts on the sites they run only (S-14); another shop answers as an unknown site would.
    if (!ownerRunsSite(owner, site))
      throw appError('UNKNOWN_SITE', { description: `Unknown site "${site.slice(0, 100)}"` });
    return { siteId: site, owner, identity: { identityType: 'WIX_USER', wixUserId: owner.id } };
  }
  const caller = await resolveCaller(request, ctx).catch(() => undefined);
  if (!caller || caller.kind !== 'admin')
    throw appError('UNAUTHORIZED', { description: 'The admin key is required: Authorization: Bearer <adminKey>' });
  const site = knownSite(ctx, siteId);
  // The server's admin key acts on every site. The key itself is checked, not the caller's key name:
  // an operator may well name a site API key "admin".
  if (isServerAdminKey(ctx, request)) return { siteId: site, identity: ownerIdentity };
  if (caller.siteId !== site)
    throw appError('PERMISSION_DENIED', { description: 'This API key belongs to another site' });
  return { siteId: site, identity: { identityType: 'APP', appId: caller.keyName } };
}

/** `adminAccess` for callers that need the site only. */
export async function requireAdminFor(
  ctx: AppContext,
  request: FastifyRequest,
  siteId: unknown,
  roles?: readonly OwnerRole[],
): Promise<string> {
  return (await adminAccess(ctx, request, siteId, roles)).siteId;
}

/** The server's admin key only (server-wide things: owners, signing keys); a 401 otherwise. */
export async function requireServerAdmin(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const caller = await resolveCaller(request, ctx).catch(() => undefined);
  if (caller?.kind !== 'admin' || !isServerAdminKey(ctx, request))
    throw appError('UNAUTHORIZED', {
      description: "The server's admin key is required: Authorization: Bearer <adminKey>",
    });
}

function isServerAdminKey(ctx: AppContext, request: FastifyRequest): boolean {
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  return ctx.apiKeys.isAdminKey(apiKey ?? token ?? '');
}

function knownSite(ctx: AppContext, siteId: unknown): string {
  if (typeof siteId !== 'string' || !siteId) throw invalidField('siteId', 'is required', 'REQUIRED');
  if (!ctx.sites.get(siteId)) throw appError('UNKNOWN_SITE', { description: `Unknown site "${siteId.slice(0, 100)}"` });
  return siteId;
}

/** An `owner_action` entry's detail: what was done (a name the console labels) and its small facts. */
export type OwnerActionDetail = AuditDetail & { action: OwnerActionName };

/**
 * An owner's action on a site, in the audit log as theirs (`owner_action` with its detail; `memberId` when
 * it concerns a member), after the change succeeded: the one way an admin handler records it. Calls made with
 * a key are the operator's: the key's use is logged already (http/key-use.ts), and they show where the change
 * lands (an order's history, webhook identities), not here.
 */
export function recordOwnerAction(
  ctx: AppContext,
  request: FastifyRequest,
  access: Pick<AdminAccess, 'siteId' | 'owner'>,
  detail: OwnerActionDetail,
  about: { memberId?: string } = {},
): Promise<void> {
  if (!access.owner) return Promise.resolve();
  return recordOwnerEvent(ctx, request, {
    type: 'owner_action',
    outcome: 'success',
    email: access.owner.email,
    owner: access.owner,
    siteId: access.siteId,
    ...(about.memberId ? { memberId: about.memberId } : {}),
    detail,
  });
}
