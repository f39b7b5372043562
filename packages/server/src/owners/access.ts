import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import {
  requestOrigin,
  type AuthEventOutcome,
  type AuthEventType,
  type OwnerActionName,
  type RefusedCall,
} from '../security/index.js';
import { isGenuineCsrf, resumeOwnerSession, sessionTokenOf } from './sessions.js';
import { findOwnerById, ownerRunsSite, ownerSiteIds, type Owner, type OwnerRole } from './store.js';

/** Which roles may use which part of the console API (checked by the server on every call). */
export const CONSOLE_ROLES = {
  members: ['owner', 'support'],
  auditLog: ['owner', 'support'],
  owners: ['owner'],
  collections: ['owner', 'editor'],
  // Orders: every role reads them; owners and editors change their status (commerce/orders/status.ts).
  orders: ['owner', 'editor', 'support'],
  orderStatus: ['owner', 'editor'],
  // Refunds send money back through the payment provider (commerce/payments/): owners only.
  refunds: ['owner'],
  // Discount codes (commerce/discounts): every role reads them; owners and editors change them.
  discounts: ['owner', 'editor'],
  // The commerce catalog (commerce/admin/): every role reads it; owners and editors change it.
  catalog: ['owner', 'editor', 'support'],
  catalogChange: ['owner', 'editor'],
  overview: ['owner', 'editor', 'support'],
  mail: ['owner', 'support'],
  // Read-only, secret-free configuration: every role may see it.
  settings: ['owner', 'editor', 'support'],
  // Changing the site's settings (settings/): owners only.
  settingsChange: ['owner'],
  webhooks: ['owner'],
  apiKeys: ['owner'],
} as const satisfies Record<string, readonly OwnerRole[]>;

export interface OwnerCaller {
  owner: Owner;
  sessionToken: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries the console cookie and no Authorization header (scripts use the key). */
export function isOwnerRequest(ctx: AppContext, request: FastifyRequest): boolean {
  return !request.headers.authorization && sessionTokenOf(ctx, request) !== undefined;
}

/**
 * The owner whose live session the request's cookie carries, or undefined (no cookie, an unknown, ended or
 * idle session, a removed owner). It resumes the session (its last use moves), as every owner call does.
 */
export async function sessionOwner(ctx: AppContext, request: FastifyRequest): Promise<OwnerCaller | undefined> {
  const token = sessionTokenOf(ctx, request);
  const ownerId = token ? await resumeOwnerSession(ctx, token) : undefined;
  const owner = ownerId ? await findOwnerById(ctx.db, ownerId) : undefined;
  return token && owner ? { owner, sessionToken: token } : undefined;
}

/**
 * The signed-in owner, or a 401. Changes need the session's CSRF value in `x-vitrine-csrf` (403
 * otherwise). `options.enrolling` lets an owner without two-factor through when production requires it
 * (only the session and enrolment calls pass it).
 */
export async function currentOwner(
  ctx: AppContext,
  request: FastifyRequest,
  options: { enrolling?: boolean } = {},
): Promise<OwnerCaller> {
  const caller = await sessionOwner(ctx, request);
  if (!caller) throw appError('OWNER_SESSION_REQUIRED');
  const { owner, sessionToken: token } = caller;
  if (!SAFE_METHODS.has(request.method) && !isGenuineCsrf(ctx, token, request.headers['x-vitrine-csrf'])) {
    throw appError('CSRF_REJECTED');
  }
  if (!options.enrolling && mustEnrolTwoFactor(ctx, owner)) {
    throw appError('TWO_FACTOR_ENROLMENT_REQUIRED');
  }
  return { owner, sessionToken: token };
}

export function mustEnrolTwoFactor(ctx: Pick<AppContext, 'config'>, owner: Owner): boolean {
  return ctx.config.production && !owner.totpEnabled;
}

/** `requireOwner(ctx, request, roles)`: the signed-in owner when their role is one of `roles`, else 403. */
export async function requireOwner(
  ctx: AppContext,
  request: FastifyRequest,
  roles: readonly OwnerRole[],
): Promise<OwnerCaller> {
  const caller = await currentOwner(ctx, request);
  if (!roles.includes(caller.owner.role)) {
    // A refusal goes to the audit log too: who tried what (on the site named, when it is one).
    const named = {
      ...((request.query ?? {}) as Record<string, unknown>),
      ...((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>),
    }.siteId;
    const siteId =
      typeof named === 'string' && ctx.sites.get(named) && ownerRunsSite(caller.owner, named) ? named : undefined;
    const action = `${request.method} ${String(request.url).split('?')[0]!.slice(0, 200)}` as RefusedCall;
    await recordOwnerEvent(ctx, request, {
      type: 'owner_action',
      outcome: 'refused',
      email: caller.owner.email,
      owner: caller.owner,
      ...(siteId ? { siteId } : {}),
      detail: { action, reason: 'role' },
    });
    throw appError('OWNER_ROLE_REFUSED', {
      description: `The ${caller.owner.role} role may not do this (needs ${roles.join(' or ')})`,
    });
  }
  return caller;
}

/** Small, secret-free facts of an owner event; its `action` one of the names the console labels. */
export type AuditDetail = { action?: OwnerActionName | RefusedCall } & Record<
  string,
  string | number | boolean | undefined
>;

/**
 * An owner event in the authentication log, identity WIX_USER. An event about the owner alone (sign-in,
 * two-factor) goes to the log of every site they run (every site for an unknown address); an action on a
 * site to that site's. Another shop's log never names them (S-14).
 */
export async function recordOwnerEvent(
  ctx: AppContext,
  request: FastifyRequest,
  event: {
    type: AuthEventType;
    outcome: AuthEventOutcome;
    email: string;
    owner?: Owner | undefined;
    siteId?: string;
    memberId?: string;
    detail?: AuditDetail;
  },
): Promise<void> {
  const all = ctx.sites.sites.map((s) => s.id);
  const siteIds = event.siteId ? [event.siteId] : event.owner ? ownerSiteIds(event.owner, all) : all;
  for (const siteId of siteIds) {
    await ctx.authEvents.record({
      type: event.type,
      outcome: event.outcome,
      siteId,
      email: event.email,
      memberId: event.memberId,
      ...requestOrigin(request),
      detail: { identityType: 'WIX_USER', ownerId: event.owner?.id, role: event.owner?.role, ...event.detail },
    });
  }
}
