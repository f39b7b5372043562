import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { callbackUrl } from '../identity/index.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { requireAdminFor } from '../owners/admin-access.js';
import { siteLanguages } from '../data/index.js';

/**
 * The console's Settings page (read-only): the site as the config file defines it, each part named by
 * its config key so an owner knows what to edit. No secret leaves: API keys, client secrets, webhook
 * secrets and the reCAPTCHA secret are reported as set or not, never shown.
 */
export function siteSettingsView(ctx: Pick<AppContext, 'config'>, site: SiteConfig) {
  const i = ctx.config.sites.findIndex((s) => s.id === site.id);
  const key = `sites[${i}]`;
  return {
    site: { key, id: site.id, name: site.name },
    // The first is the default; the console's translation editor offers the others.
    languages: { key: `${key}.languages`, tags: [...siteLanguages(site)] },
    publicUrl: ctx.config.publicUrl,
    policies: {
      key: `${key}.policies`,
      emailVerification: site.policies.emailVerification,
      memberApproval: site.policies.memberApproval,
      captcha: site.policies.captcha,
      mfa: site.policies.mfa ?? 'optional',
      mfaFactors: site.policies.mfaFactors ?? ['TOTP', 'EMAIL', 'WEBAUTHN'],
    },
    sessions: {
      key: `${key}.sessions`,
      accessTokenTtlSeconds: site.tokens.accessTokenTtl,
      absoluteDays: site.tokens.memberSessionTtl / 86_400,
      idleDays: site.tokens.memberIdleTtl / 86_400,
    },
    clients: site.clients.map((c, n) => ({
      key: `${key}.clients[${n}]`,
      clientId: c.clientId,
      redirectUris: c.redirectUris,
      allowedOrigins: c.allowedOrigins,
      refreshTokenRotation: c.refreshTokenRotation,
    })),
    identityProviders: (site.identityProviders ?? []).map((p, n) => ({
      key: `${key}.identityProviders[${n}]`,
      id: p.id,
      type: p.type,
      name: p.name,
      issuer: p.issuer,
      clientId: p.clientId,
      clientSecretSet: p.clientSecret !== undefined,
      scopes: p.scopes,
      linkByVerifiedEmail: p.linkByVerifiedEmail,
      // What the owner registers at the provider as the allowed redirect (callback) URI.
      redirectUri: callbackUrl(ctx),
    })),
    collections: site.collections.map((c, n) => ({
      key: `${key}.collections[${n}]`,
      id: c.id,
      permissions: c.permissions,
      fields: c.fields,
      strict: c.strict ?? false,
      translatable: c.translatable ?? [],
    })),
    apiKeys: site.apiKeys.map((k, n) => ({ key: `${key}.apiKeys[${n}]`, name: k.name })),
    webhooks: (site.webhooks ?? []).map((w, n) => ({
      key: `${key}.webhooks[${n}]`,
      id: w.id,
      url: w.url,
      events: w.events,
    })),
  };
}

/** GET /_admin/v1/settings?siteId= */
export async function siteSettingsHandler(ctx: AppContext, request: FastifyRequest, query: Record<string, unknown>) {
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.settings);
  return siteSettingsView(ctx, ctx.sites.get(siteId)!);
}
