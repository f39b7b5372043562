/**
 * What an identity flow knows of the call that runs it. Flows (`identity/flows/*`, `mfa/verify.ts`,
 * `sso/token-flow.ts`) are plain functions of `(deps, scope, input)`: the JSON routes (`identity/routes.ts`,
 * `request-scope.ts`) and the hosted pages (`sign-in/authorize.ts`) are thin adapters that build the scope,
 * each from what they have — an access token, or a redirect session — and call the same function. No flow
 * sees an HTTP request.
 */
import type { SiteConfig } from '../config/types.js';
import type { Caller } from '../http/caller.js';

/** Where a call comes from: the client's address (per-IP limits, captcha, the audit log). */
export interface CallOrigin {
  ip: string;
}

/** The site a flow acts on and who asks: the caller, and the visitor whose cart follows them in. */
export interface FlowScope extends CallOrigin {
  caller: Caller;
  site: SiteConfig;
  visitorId: string | undefined;
  /** The request's headers: the browser and place a push approval shows (identity/mfa/push.ts). */
  headers?: Record<string, string | string[] | undefined>;
  /** The request came through a proxy TRUST_PROXY trusts, so the headers that proxy sets are its own (push's place). */
  viaTrustedProxy?: boolean;
}

export type MemberCaller = Extract<Caller, { kind: 'member' }>;

/** The scope of the signed-in member's own account calls: their live session (adapters refuse anyone else). */
export interface MemberScope extends CallOrigin {
  caller: MemberCaller;
}

/** Where a flow's audit events come from: the address, and the client when the caller names one. */
export function originOf(scope: FlowScope): { ip: string; clientId: string | undefined } {
  const { caller } = scope;
  const clientId = 'clientId' in caller && typeof caller.clientId === 'string' ? caller.clientId : undefined;
  return { ip: scope.ip, clientId };
}
