import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IdentityDeps, FlowScope } from '../identity/index.js';
import { withRequestLanguage } from '../i18n/index.js';
import { pageLanguage } from '../http/pages/language.js';
import { cameThroughTrustedProxy, clientIp } from '../security/index.js';
import { entryOf, type Scope } from './pages.js';
import type { RedirectSession } from '../oauth/redirect-store.js';

/**
 * Runs an identity flow (identity/) for this redirect session: the same function its JSON endpoint calls,
 * in the scope of the session's site and visitor (a new visitor when the session has none), from this
 * page's address. Mails the flow writes (verification codes, reset links) are in this page's language.
 */
export function callFlow<T>(
  scope: Scope,
  request: FastifyRequest,
  s: RedirectSession,
  flow: (deps: IdentityDeps, flowScope: FlowScope) => Promise<T>,
): Promise<T> {
  const { site, client } = entryOf(scope.ctx, s)!;
  const visitorId = s.visitorId ?? randomUUID();
  const flowScope: FlowScope = {
    site,
    caller: { kind: 'visitor', siteId: site.id, clientId: client.clientId, visitorId },
    visitorId,
    ip: clientIp(request),
    headers: request.headers,
    viaTrustedProxy: cameThroughTrustedProxy(request),
  };
  return withRequestLanguage(pageLanguage(site, request).t.language, () => flow(scope.deps, flowScope));
}

/** A form field as text, at most `max` characters (anything else: empty). */
export const text = (form: Record<string, unknown>, name: string, max = 1024): string => {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
};
