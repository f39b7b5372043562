/**
 * Who is making a request, resolved from its `Authorization` header by `resolveCaller`.
 * Route handlers receive this and never parse tokens themselves.
 */
export type Caller =
  /**
   * No credentials at all; or, where a route allows it (`resolveCaller(…, {endedSession: 'signed-out'})`),
   * a validly signed, unexpired member token whose session has ended: a signed-out caller of that
   * token's site and client (`endedSession`), who owns nothing.
   */
  | { kind: 'anonymous'; siteId?: string; clientId?: string; endedSession?: true }
  /** An anonymous shopper holding a visitor access token. */
  | { kind: 'visitor'; siteId: string; clientId: string; visitorId: string }
  /** A signed-in member; `sessionId` names the session that logout and revocation end. */
  | { kind: 'member'; siteId: string; clientId: string; memberId: string; sessionId: string }
  /**
   * The server's admin key, or one of a site's API keys (`keyName`); or a console owner working on a
   * site's data through the admin API (`ownerId`: their actions are theirs, identity WIX_USER).
   */
  | { kind: 'admin'; siteId: string | undefined; keyName: string; ownerId?: string };

/** The owner id recorded on data a caller creates (`_owner`), or undefined for admin/anonymous. */
export function ownerIdOf(caller: Caller): string | undefined {
  if (caller.kind === 'visitor') return caller.visitorId;
  if (caller.kind === 'member') return caller.memberId;
  return undefined;
}
