/**
 * What routes share by family, declared once instead of on each of them: the tag the reference groups
 * them under, who may call them (security) and the error envelopes they answer. The route-docs hook
 * adds these to a route's schema when the route does not declare them itself.
 */
import { errorResponses } from './envelopes.js';

export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'A visitor or member access token from `POST /oauth2/token`, sent raw (`Authorization: <token>`); `Bearer <token>` is accepted too.',
  },
  accessTokenAndApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      "An access token and a site API key joined by a comma: `Authorization: <accessToken>,<apiKey>` (the reference client's external-login flows). A site API key alone acts as ADMIN on its site.",
  },
  adminKey: {
    type: 'http',
    scheme: 'bearer',
    description: "The server's admin key (`VITRINE_ADMIN_KEY`): `Authorization: Bearer <adminKey>`.",
  },
  ownerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'vitrine_owner',
    description:
      "An owner console session (`__Host-vitrine_owner` over https), set by `POST /_admin/v1/console/sign-in`. Requests that change something also send the session's CSRF value in `x-vitrine-csrf`.",
  },
} as const;

type Security = Record<string, string[]>[];

interface Family {
  prefixes: string[];
  tag: string;
  security?: Security;
  errors: 'wix' | 'oauth' | 'none';
}

const token: Security = [{ accessToken: [] }];
const tokenOrKeys: Security = [{ accessToken: [] }, { accessTokenAndApiKey: [] }, { adminKey: [] }];
const admin: Security = [{ adminKey: [] }, { ownerSession: [] }];

// First match wins: more specific prefixes first.
export const FAMILIES: Family[] = [
  { prefixes: ['/oauth2/token'], tag: 'OAuth tokens', security: [{}, { accessTokenAndApiKey: [] }], errors: 'oauth' },
  { prefixes: ['/oauth2/jwks', '/.well-known/'], tag: 'OAuth tokens', security: [], errors: 'wix' },
  {
    prefixes: ['/_api/iam/authentication/v1/sso', '/_api/iam/authentication/v1/callback'],
    tag: 'Single sign-on',
    security: token,
    errors: 'wix',
  },
  {
    prefixes: ['/_api/iam/mfa', '/_api/iam/authentication/v2/verify'],
    tag: 'Second factors',
    security: token,
    errors: 'wix',
  },
  { prefixes: ['/_api/iam/', '/_iam/', '/_api/members/'], tag: 'Identity', security: token, errors: 'wix' },
  { prefixes: ['/members/v1/'], tag: 'Members API', security: tokenOrKeys, errors: 'wix' },
  { prefixes: ['/_api/redirects-api/', '/headless/v1/'], tag: 'Redirect sessions', security: token, errors: 'wix' },
  { prefixes: ['/wix-data/v2', '/_api/cloud-data/v2'], tag: 'Data items', security: tokenOrKeys, errors: 'wix' },
  { prefixes: ['/graphql'], tag: 'GraphQL', security: tokenOrKeys, errors: 'none' },
  { prefixes: ['/_api/vitrine/'], tag: 'Shop', security: token, errors: 'wix' },
  { prefixes: ['/ecom/v1/carts'], tag: 'eCom carts', security: token, errors: 'wix' },
  {
    prefixes: ['/ecom/v1/checkouts', '/ecom/v1/orders'],
    tag: 'eCom checkouts and orders',
    security: tokenOrKeys,
    errors: 'wix',
  },
  {
    prefixes: ['/stores-reader/', '/stores/v3/', '/v2/collections', '/v1/recommendations'],
    tag: 'Stores catalog',
    security: tokenOrKeys,
    errors: 'wix',
  },
  {
    prefixes: ['/_admin/v1/console', '/_admin/v1/owners'],
    tag: 'Owners console',
    security: [{ ownerSession: [] }, { adminKey: [] }],
    errors: 'wix',
  },
  { prefixes: ['/_admin/v1/webhooks'], tag: 'Webhooks admin', security: admin, errors: 'wix' },
  { prefixes: ['/_admin/v1/keys'], tag: 'Signing keys', security: [{ adminKey: [] }], errors: 'wix' },
  { prefixes: ['/_admin/v1/commerce'], tag: 'Commerce admin', security: admin, errors: 'wix' },
  { prefixes: ['/_admin/'], tag: 'Admin', security: admin, errors: 'wix' },
  { prefixes: ['/_dev/'], tag: 'Dev mailbox', security: [], errors: 'wix' },
  { prefixes: ['/_media/'], tag: 'Media', security: [], errors: 'wix' },
  { prefixes: ['/healthz', '/readyz', '/metrics'], tag: 'Operations', security: [], errors: 'none' },
  { prefixes: ['/openapi.json', '/docs'], tag: 'API reference', security: [], errors: 'none' },
  {
    prefixes: ['/oauth2/', '/_vitrine/hosted/', '/reset-password', '/sign-in', '/logout', '/_hosted', '/hosted'],
    tag: 'Hosted pages',
    security: [],
    errors: 'none',
  },
  { prefixes: ['/console'], tag: 'Owners console', security: [], errors: 'none' },
];

const FALLBACK: Family = { prefixes: [], tag: 'Storefront', security: [], errors: 'none' };

export function familyOf(url: string): Family {
  return FAMILIES.find((f) => f.prefixes.some((p) => url.startsWith(p))) ?? FALLBACK;
}

export function familyErrors(family: Family) {
  return family.errors === 'none' ? {} : errorResponses(family.errors);
}
