/**
 * `membersAccount: { section }` in a redirect-session request (issue #34, docs/account-pages.md): which
 * sections this server serves, and the redirect session that leads to one. The session is a `login` one
 * (sign-in page when the caller is not a signed-in member, single use, ten minutes) with an account link.
 */
import type { AppContext } from '../../context.js';
import type { Caller } from '../../http/caller.js';
import { fieldViolation, ValidationError, type FieldViolation } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { newRedirectSession, type NewRedirectSession } from '../../oauth/redirect-store.js';

/** The seed's MembersAccountSection values; the first two have pages here. */
export const SERVED_SECTIONS = ['ACCOUNT_INFO', 'ORDERS'] as const;
export const NOT_OFFERED_SECTIONS = ['BOOKINGS', 'SUBSCRIPTIONS', 'EVENTS'] as const;
export type AccountSection = (typeof SERVED_SECTIONS)[number];

/**
 * Intents of the seed's redirect-session request that this server has no page for (other checkouts,
 * product and booking pages, payment requests): each is refused by name rather than silently ignored.
 */
export const UNSERVED_INTENTS = [
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
] as const;

/** A field violation for every unserved intent the body carries (an empty list when none). */
export function unservedIntents(body: Record<string, unknown>): FieldViolation[] {
  return UNSERVED_INTENTS.filter((k) => body[k] !== undefined && body[k] !== null).map((k) =>
    fieldViolation(
      k,
      `the ${k} intent is not served by this server (served: auth, login, logout, membersAccount, ecomCheckout)`,
      'INTENT_NOT_SUPPORTED',
    ),
  );
}

/** The section asked for, or a validation error that names it. */
export function parseSection(value: unknown): AccountSection {
  const section = value && typeof value === 'object' ? (value as Record<string, unknown>).section : undefined;
  const field = 'membersAccount.section';
  if ((NOT_OFFERED_SECTIONS as readonly unknown[]).includes(section)) {
    throw new ValidationError([
      fieldViolation(
        field,
        `${String(section)}: this site does not offer ${String(section).toLowerCase()}`,
        'SECTION_NOT_OFFERED',
      ),
    ]);
  }
  if (!(SERVED_SECTIONS as readonly unknown[]).includes(section)) {
    throw new ValidationError([
      fieldViolation(
        field,
        `must be one of ${[...SERVED_SECTIONS, ...NOT_OFFERED_SECTIONS].join(', ')}`,
        'INVALID_ENUM',
      ),
    ]);
  }
  return section as AccountSection;
}

/**
 * The redirect session of an account link. A member's live token vouches for the member (no sign-in
 * page); a visitor's token, or one whose session ended, gets the hosted sign-in first.
 */
export function accountSessionInput(
  ctx: AppContext,
  caller: Caller,
  membersAccount: unknown,
  postFlowOf: (client: NonNullable<ReturnType<AppContext['sites']['findClient']>>['client']) => string | null,
): NewRedirectSession {
  const clientId =
    caller.kind === 'visitor' || caller.kind === 'member' || caller.kind === 'anonymous' ? caller.clientId : undefined;
  if (!clientId)
    throw appError('UNAUTHORIZED', { description: 'Send a visitor or member access token so the site is known' });
  const entry = ctx.sites.findClient(clientId);
  if (!entry) throw appError('UNAUTHORIZED', { description: 'The token belongs to an unknown client' });
  const section = parseSection(membersAccount);
  const postFlowUrl = postFlowOf(entry.client);
  const member = caller.kind === 'member' && caller.siteId === entry.site.id ? caller : undefined;
  return newRedirectSession({
    siteId: entry.site.id,
    intent: 'login',
    clientId: entry.client.clientId,
    memberId: member?.memberId ?? null,
    visitorId: caller.kind === 'visitor' ? caller.visitorId : null,
    postFlowUrl,
    account: { section, memberSessionId: member?.sessionId ?? null },
  });
}
