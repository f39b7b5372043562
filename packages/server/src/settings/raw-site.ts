/**
 * A running site written back as a config file's `sites[]` entry. The settings start from the file's own
 * entry when there is a file; a server without one (the demo, test servers) starts from this instead.
 */
import type { SiteConfig } from '../config/types.js';

const DAY = 86_400;
const wholeDays = (seconds: number) => seconds % DAY === 0;
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function siteToRaw(site: SiteConfig): Record<string, unknown> {
  const { tokens } = site;
  const absolute = wholeDays(tokens.memberSessionTtl) && tokens.memberSessionTtl / DAY <= 400;
  return defined({
    id: site.id,
    name: site.name,
    policies: defined({ ...site.policies }),
    tokens: defined({
      accessTokenTtl: tokens.accessTokenTtl,
      visitorRefreshTtl: tokens.visitorRefreshTtl,
      memberSessionTtl: absolute ? undefined : tokens.memberSessionTtl,
    }),
    sessions: defined({
      absoluteDays: absolute ? tokens.memberSessionTtl / DAY : undefined,
      idleDays: wholeDays(tokens.memberIdleTtl) ? tokens.memberIdleTtl / DAY : undefined,
    }),
    clients: site.clients.map((c) => ({ ...c })),
    apiKeys: site.apiKeys.length ? site.apiKeys.map((k) => ({ ...k })) : undefined,
    collections: site.collections.map((c) => defined({ ...c, seed: c.seed.length ? c.seed : undefined })),
    webhooks: site.webhooks?.length ? site.webhooks.map((w) => ({ ...w })) : undefined,
    graphql: site.graphql ? defined({ ...site.graphql }) : undefined,
    identityProviders: site.identityProviders?.map(({ responseMode: _, ...p }) => defined({ ...p })),
    languages: site.languages,
    phone: site.phone ? rawPhone(site.phone) : undefined,
    mail: site.mail ? { ...site.mail } : undefined,
    shipping: site.shipping ? structuredClone(site.shipping) : undefined,
    shop: site.shop ? { ...site.shop } : undefined,
    push: site.push ? rawPush(site.push) : undefined,
  });
}

/** The private key is not written back: the rebuild reads it from the variable the site started with. */
function rawPush(push: NonNullable<SiteConfig['push']>): Record<string, unknown> {
  return defined({
    expirySeconds: push.expirySeconds,
    placeHeader: push.placeHeader,
    vapid: push.vapid ? { publicKey: push.vapid.publicKey, subject: push.vapid.subject } : undefined,
  });
}

function rawPhone(phone: NonNullable<SiteConfig['phone']>): Record<string, unknown> {
  const { provider } = phone;
  const common = {
    allowedCountries: phone.allowedCountries.length ? phone.allowedCountries : undefined,
    limits: phone.limits,
  };
  if (provider.kind === 'webhook')
    return defined({ provider: 'webhook', url: provider.url, secret: provider.secret, ...common });
  if (provider.kind === 'twilio')
    // The token as the site started with it: the console's rebuild reads no environment (operator-only.ts).
    return defined({
      provider: 'twilio',
      accountSid: provider.accountSid,
      authToken: provider.authToken || undefined,
      from: provider.from,
      messagingServiceSid: provider.messagingServiceSid,
      whatsappFrom: provider.whatsappFrom,
      apiBaseUrl: provider.apiBaseUrl,
      ...common,
    });
  return defined({ provider: 'dev', ...common });
}
