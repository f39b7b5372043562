/** The validated configuration the server runs with (config file + environment, defaults applied). */

export type PermissionLevel = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'ADMIN' | 'AUTHOR';
export const PERMISSION_LEVELS: readonly PermissionLevel[] = ['ANYONE', 'SITE_MEMBER', 'SITE_MEMBER_AUTHOR', 'ADMIN', 'AUTHOR'];

export interface CollectionPermissions {
  read: PermissionLevel;
  insert: PermissionLevel;
  update: PermissionLevel;
  remove: PermissionLevel;
}

export interface CollectionConfig {
  id: string;
  permissions: CollectionPermissions;
  /** Items inserted once, the first time the collection is seen (already resolved from a file). */
  seed: Record<string, unknown>[];
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
}

export interface TokenSettings {
  /** Access-token lifetime in seconds (`expires_in`). */
  accessTokenTtl: number;
  /** Absolute lifetime of a visitor refresh token, seconds. */
  visitorRefreshTtl: number;
  /** Absolute lifetime of a member session and its refresh tokens, seconds. */
  memberSessionTtl: number;
}

export interface SiteConfig {
  id: string;
  name: string;
  policies: SitePolicies;
  tokens: TokenSettings;
  clients: ClientConfig[];
  apiKeys: ApiKeyConfig[];
  collections: CollectionConfig[];
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
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimit: number;
  sites: SiteConfig[];
  storefront: { siteId: string; clientId: string };
  /** Folder of a built storefront to serve at `/`, when present. */
  storefrontDir: string | undefined;
}
