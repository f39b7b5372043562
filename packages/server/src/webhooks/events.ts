import type { Caller } from '../http/caller.js';

/**
 * The events an endpoint can subscribe to. `member.deleted` comes from deleting a member (console or
 * admin API, members/deletion.ts) and carries only `{id, deletedDate}`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'member.created',
  'member.updated',
  'member.email_verified',
  'member.approved',
  'member.blocked',
  'member.unblocked',
  'member.deleted',
  'member.signed_in',
  'member.signed_out',
  'member.password_changed',
  'member.factor_added',
  'member.factor_removed',
  'item.inserted',
  'item.updated',
  'item.removed',
  'order.created',
  'order.updated',
  'order.cancelled',
  'order.paid',
  'order.refunded',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Who caused an event (docs/wire-format.md §4.6 `WebhookIdentityType`). */
export type WebhookIdentity =
  | { identityType: 'ANONYMOUS_VISITOR'; anonymousVisitorId: string }
  | { identityType: 'MEMBER'; memberId: string }
  | { identityType: 'WIX_USER'; wixUserId: string }
  | { identityType: 'APP'; appId: string }
  | { identityType: 'UNKNOWN' };

/** The server's admin key is the owner acting (WIX_USER); a site API key is an app, named by the key's name. */
export function identityOf(caller: Caller): WebhookIdentity {
  switch (caller.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', memberId: caller.memberId };
    case 'admin':
      if (caller.ownerId) return { identityType: 'WIX_USER', wixUserId: caller.ownerId };
      // The caller carries the key's name only; the server's admin key is named "admin" (http/resolve-caller.ts).
      return caller.keyName === 'admin' ? ownerIdentity : { identityType: 'APP', appId: caller.keyName };
    default:
      return { identityType: 'UNKNOWN' };
  }
}

export const memberIdentity = (memberId: string): WebhookIdentity => ({ identityType: 'MEMBER', memberId });
export const ownerIdentity: WebhookIdentity = { identityType: 'WIX_USER', wixUserId: 'admin' };

/**
 * A subscription pattern: an exact type, `*`, or a prefix wildcard such as `member.*`.
 * Patterns are checked when an endpoint is saved; matching is in SQL (see emit.ts) and here.
 */
export function isEventPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return WEBHOOK_EVENT_TYPES.some((t) => t.startsWith(pattern.slice(0, -1)));
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(pattern);
}

/** The patterns that match `type`: itself, `*` and its `prefix.*`. */
export function patternsFor(type: string): string[] {
  const dot = type.indexOf('.');
  return dot > 0 ? [type, '*', `${type.slice(0, dot)}.*`] : [type, '*'];
}
