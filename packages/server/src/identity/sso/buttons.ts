import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';

/** Canonical prefix of the SSO endpoints (docs/wire-format.md §6.1); the provider's redirect URI lives under it. */
export const SSO_PREFIX = '/_api/iam/authentication/v1';

export const callbackUrl = (ctx: Pick<AppContext, 'config'>) => `${ctx.config.publicUrl}${SSO_PREFIX}/sso/callback`;

/** Where a hosted "Continue with {name}" button leads: the SSO login of this redirect session. */
export function ssoLoginPath(siteId: string, idpConnectionId: string, redirectSessionId: string): string {
  return `${SSO_PREFIX}/sso/login/${encodeURIComponent(siteId)}/${encodeURIComponent(idpConnectionId)}?${new URLSearchParams({ tenantType: 'SITE', sessionId: redirectSessionId })}`;
}

export function ssoButtons(
  _ctx: Pick<AppContext, 'config'>,
  site: SiteConfig,
  redirectSessionId: string,
): { name: string; href: string }[] {
  return (site.identityProviders ?? []).map((p) => ({
    name: p.name,
    href: ssoLoginPath(site.id, p.id, redirectSessionId),
  }));
}
