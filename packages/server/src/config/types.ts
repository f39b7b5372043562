import type { BackupSettings } from './backup.js';
import type { MediaSettings } from './media.js';
import type { MetricsSettings } from './metrics.js';
import type { PoolSettings } from '../store/pool-settings.js';
import type { ReplicaFileSettings } from '../store/replica-settings.js';
/** The validated configuration the server runs with (config file + environment, defaults applied). */

export type PermissionLevel = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'ADMIN' | 'AUTHOR';
export const PERMISSION_LEVELS: readonly PermissionLevel[] = [
  'ANYONE',
  'SITE_MEMBER',
  'SITE_MEMBER_AUTHOR',
  'ADMIN',
  'AUTHOR',
];

export interface CollectionPermissions {
  read: PermissionLevel;
  insert: PermissionLevel;
  update: PermissionLevel;
  remove: PermissionLevel;
}

/** Field types a collection may declare (the data client's list; data/fields.ts says what each accepts). */
export const FIELD_TYPES = [
  'text',
  'number',
  'date',
  'datetime',
  'image',
  'boolean',
  'document',
  'url',
  'richtext',
  'video',
  'audio',
  'time',
  'language',
  'address',
  'pagelink',
  'reference',
  'multireference',
  'object',
  'array',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldConfig {
  key: string;
  type: FieldType;
  required: boolean;
  /** The referenced collection (`reference` and `multireference` only). */
  collection?: string;
  /** What the console calls the field (forms, grid headers); absent = the key. */
  label?: string;
  /** A sentence under the field in the console's forms. */
  help?: string;
}

/** A declared index (`collections[].indexes`, data/declared-indexes.ts). */
export interface IndexConfig {
  fields: { field: string; order: 'ASC' | 'DESC' }[];
  /** No two items of the collection share the values (numbers, strings, dates, booleans; missing ones never clash). */
  unique: boolean;
  /**
   * A full-text search index over the fields (data/search-indexes.ts; docs/data.md → Full-text search): `$search`
   * reads them, weighted in this order. Built in the background; never unique, its fields have no order.
   */
  search?: boolean;
}

export interface CollectionConfig {
  id: string;
  permissions: CollectionPermissions;
  /** Items inserted once, the first time the collection is seen (already resolved from a file). */
  seed: Record<string, unknown>[];
  /** Declared fields, validated on every write; absent = an untyped collection. */
  fields?: FieldConfig[];
  /** With `fields`: undeclared fields are refused. */
  strict?: boolean;
  /** Top-level text fields that hold a value per site language (data/translations.ts); absent = none. */
  translatable?: string[];
  /** Indexes built at start and kept; absent = none (sort indexes are still built on demand). */
  indexes?: IndexConfig[];
}

/** Per-site GraphQL settings (`sites[].graphql`). */
export interface GraphqlSettings {
  /** Schema introspection; undefined = on in development, off in production (audit S-12). */
  introspection: boolean | undefined;
  /** Largest estimated cost of one operation (fields × list sizes). */
  maxCost: number;
  /** Most aliases in one operation, fragments included: each alias is another resolver run (audit S-4). */
  maxAliases: number;
}

export interface ClientConfig {
  clientId: string;
  redirectUris: string[];
  allowedOrigins: string[];
  refreshTokenRotation: boolean;
}

export interface ApiKeyConfig {
  name: string;
  key: string;
}

export interface SitePolicies {
  emailVerification: 'off' | 'required';
  memberApproval: 'auto' | 'manual';
  captcha: 'off' | 'altcha' | 'recaptcha';
  recaptcha?: { secret: string; verifyUrl: string };
  /** Second factors (identity/mfa): absent = "optional". */
  mfa?: 'off' | 'optional' | 'required';
  /** Factor types members may enrol; absent = ["TOTP", "EMAIL", "WEBAUTHN"] (and SMS, CALL when `phone` is set). */
  mfaFactors?: ('TOTP' | 'EMAIL' | 'WEBAUTHN' | 'SMS' | 'CALL' | 'PUSH')[];
}

export interface TokenSettings {
  /** Access-token lifetime in seconds (`expires_in`). */
  accessTokenTtl: number;
  /** Absolute lifetime of a visitor refresh token, seconds. */
  visitorRefreshTtl: number;
  /** Absolute lifetime of a member session and its refresh tokens, seconds (config: `sessions.absoluteDays`). */
  memberSessionTtl: number;
  /**
   * Idle timeout of a member session and the hosted sign-in cookie, seconds (config: `sessions.idleDays`):
   * a session not refreshed, exchanged or used through the cookie for this long has ended. 0 = none.
   */
  memberIdleTtl: number;
}

export interface SiteConfig {
  id: string;
  name: string;
  policies: SitePolicies;
  tokens: TokenSettings;
  clients: ClientConfig[];
  apiKeys: ApiKeyConfig[];
  collections: CollectionConfig[];
  /** BCP 47 tags of the site's languages, the first being the default; absent = ["en"]. */
  languages?: string[];
  /** GraphQL settings; absent = the defaults (introspection on, the default cost limit). */
  graphql?: GraphqlSettings;
  /** Outgoing webhook endpoints of the config file (webhooks/config.ts reads them). */
  webhooks?: WebhookEndpointConfig[];
  /** External OpenID Connect providers members may sign in with (identity/sso/config.ts reads them). */
  identityProviders?: IdentityProviderConfig[];
  /** Text messages and calls for phone second factors (phone/config.ts); absent = the dev phone in development, none in production. */
  phone?: PhoneConfig;
  /** `sites[].mail`: the sender of the site's mail (absent = MAIL_FROM or the server's default) and its own relay. */
  mail?: { from?: string; smtp?: SiteSmtpConfig };
  /** Delivery methods of checkout (commerce/pricing/shipping.ts); absent = checkout asks for no delivery choice. */
  shipping?: ShippingConfig;
  /** Checkout's limits (config/schema/shop.ts); absent keys take commerce/limits.ts's defaults. */
  shop?: ShopSettings;
  /** Push approval of sign-ins (push/config.ts); absent = no PUSH factor unless `policies.mfaFactors` lists it. */
  push?: PushConfig;
  /** The logo and colour of the hosted pages and mail (config/schema/brand.ts); absent = the plain look. */
  brand?: SiteBrand;
}

/** `sites[].brand` as written: a media library path and a #rrggbb colour (config/brand.ts derives the rest). */
export interface SiteBrand {
  logo?: string;
  colour?: string;
}

/** `sites[].shop` as written (config/schema/shop.ts); commerce/limits.ts applies the defaults. */
export interface ShopSettings {
  maxUnitsPerProduct?: number;
  maxUnitsPerOrder?: number;
  maxLinesPerOrder?: number;
  maxOpenUnpaidOrders?: number;
  memberOrdersPerHour?: number;
  guestOrdersPerHour?: number;
  unpaidOrderHours?: number;
  /** ISO 4217; absent = USD (commerce/settings.ts). */
  currency?: string;
  pricesIncludeTax?: boolean;
  taxRates?: { country: string; rate: number; name?: string }[];
  /** Seed the demo shop into the commerce catalog while it is empty (commerce/catalog/demo-seed.ts). */
  demoCatalog?: boolean;
  /** Offline ways to pay (docs/payments.md); absent = none. */
  offlinePayments?: { id: string; name: string; instructions: string }[];
}

/** A site's own mail server (config/schema/mail.ts); absent = the operator's SMTP_URL. */
export interface SiteSmtpConfig {
  host: string;
  /** Default: 465 with "tls", else 587. */
  port: number;
  /** "starttls": the upgrade is required; "tls": TLS from the first byte; "none": plain text (a private relay). */
  security: 'starttls' | 'tls' | 'none';
  user?: string;
  password?: string;
}

/** `sites[].shipping` (config/schema/shipping.ts): flat rates per country, optionally free above a subtotal. */
export interface ShippingConfig {
  methods: ShippingMethodConfig[];
}

export interface ShippingMethodConfig {
  id: string;
  name: string;
  description?: string;
  rates: { countries: string[]; amount: number }[];
  freeAbove?: number;
  /** The name and description per language ("fr": {"name": "Livraison standard"}); shoppers of other languages read `name`. */
  translations?: Record<string, { name: string; description?: string }>;
}

/** `sites[].push` with its defaults applied (push/config.ts). */
export interface PushConfig {
  expirySeconds: number;
  placeHeader: string | undefined;
  /** Web Push; the private key read from `privateKeyEnv` at start. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
}

/** `sites[].phone` with its defaults applied (phone/config.ts). */
export interface PhoneConfig {
  provider:
    | {
        kind: 'twilio';
        accountSid: string;
        /** `authToken`, or read from the variable `authTokenEnv` names (the config file's alone). */
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        whatsappFrom: string | undefined;
        apiBaseUrl: string;
      }
    | { kind: 'webhook'; url: string; secret: string }
    | { kind: 'dev' };
  /** ISO 3166 alpha-2 codes numbers may belong to; empty = any. */
  allowedCountries: string[];
  limits: PhoneLimits;
}

export interface PhoneLimits {
  perNumberPerDay: number;
  perAddressPerDay: number;
  perMemberPerDay: number;
  perSitePerDay: number;
  resendSeconds: number;
}

export interface IdentityProviderConfig {
  /** The idpConnectionId of the wire contract. */
  id: string;
  type: 'oidc' | 'google' | 'microsoft' | 'apple';
  /** Shown on buttons: "Continue with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  /** From `clientSecret` or the variable `clientSecretEnv` names (the config file's alone); absent = a public client (PKCE only). */
  clientSecret: string | undefined;
  scopes: string[];
  /** A new provider identity may join the member of its address when the provider verified it. */
  linkByVerifiedEmail: boolean;
  /** How the provider answers: `form_post` for Apple. */
  responseMode: 'query' | 'form_post';
  /**
   * Whose nonce an ID token on login-with-token-params carries: `server` (the default) one issued by
   * POST /v1/sso/nonce, single use; `app` the app's own, or none (the behaviour before audit S-9, for
   * apps already shipped; docs/providers.md). Absent = `server`.
   */
  tokenNonce?: 'server' | 'app';
}

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  production: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  adminKey: string;
  /** True when the admin key was generated for this data directory rather than configured. */
  adminKeyGenerated: boolean;
  devMailbox: boolean;
  /** Why the dev mailbox is on or off, for the start-up log. */
  devMailboxReason: string;
  /** Fastify `trustProxy` from TRUST_PROXY: off, a hop count, or the proxies' addresses/CIDR ranges. */
  trustProxy: false | number | string[];
  /** VITRINE_KEY_ENCRYPTION_KEY (32 bytes): seals private keys at rest; required in production. */
  keyEncryptionKey: Buffer | undefined;
  /** `tokens.keyRotationDays`: a new signing key once the active one is this old (days). */
  keyRotationDays: number | undefined;
  /** Start-up warnings (settings accepted but worth a second look). */
  warnings: string[];
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** PEM text of VITRINE_SMTP_CA_FILE: a private relay's CA, trusted for SMTP beside the public roots. */
  smtpCa?: string | undefined;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimit: number;
  sites: SiteConfig[];
  /**
   * Each site's entry exactly as the config file has it (index-aligned with `sites`); absent without a
   * file. The keys it sets are locked in the console; the others are the console's (settings/).
   */
  siteFiles?: Record<string, unknown>[];
  /** Folder the config file's relative names (seed files) resolve from. */
  configBaseDir?: string;
  /** Not in the config file: how often each instance looks for settings changed elsewhere (default 2000 ms). */
  settingsPollMs?: number;
  storefront: { siteId: string; clientId: string };
  /** Not in the config file: addresses per sitemap file (default 50,000); tests set a few to see the index. */
  sitemapPageSize?: number;
  /** Folder of a built storefront to serve at `/`, when present. */
  storefrontDir: string | undefined;
  /** Folder of the built owner console to serve at `/console` (default: VITRINE_CONSOLE_DIR, else apps/console/dist when built). */
  consoleDir?: string | undefined;
  /** The config file's `database` section (store/pool-settings.ts); the environment overrides it at open. */
  database?: Partial<PoolSettings> & ReplicaFileSettings;
  /** DATABASE_READ_URL (or `database.readUrl`): a streaming replica of DATABASE_URL for data reads. */
  databaseReadUrl?: string | undefined;
  /** Top-level `webhooks` settings (webhooks/config.ts); absent = the defaults. */
  webhooks?: WebhookSettings;
  /** Uploaded images (config/media.ts); absent = in the database, 10 MB each at most. */
  media?: MediaSettings;
  /** `GET /metrics` (config/metrics.ts); absent = off. */
  metrics?: MetricsSettings;
  /** `backups` (config/backup.ts): the backups folder, and the schedule of the embedded database's backups. */
  backups?: BackupSettings;
  /** Payment providers (commerce/payments/, docs/payments.md): Stripe's keys come from the environment only. */
  payments?: PaymentSettings;
  /** VITRINE_SHUTDOWN_TIMEOUT_MS: how long in-flight requests may take to finish on SIGTERM (default 10 000). */
  shutdownTimeoutMs?: number;
}

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; never in the config file, never shown back. */
export interface PaymentSettings {
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    /** Not in the environment: tests point the SDK at a local fake of Stripe's API. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
}

export interface WebhookEndpointConfig {
  id: string;
  url: string;
  /** `whsec_<base64>` */
  secret: string;
  /** Event types or wildcards (`member.*`, `*`). */
  events: string[];
}

export interface WebhookSettings {
  /** Deliver to private, loopback, link-local and reserved addresses (default: false, in every mode). */
  allowPrivateNetworks: boolean;
  /** Where the notice goes when an endpoint is disabled after failing for 5 days. */
  ownerEmail?: string | undefined;
  /** Not in the config file: tests and benchmarks tune the delivery loop. */
  pollMs?: number;
  timeoutMs?: number;
}
