import { randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, parseKeyEncryptionKey } from '../security/index.js';
import { demoSite } from '../config/demo.js';
import { configBaseDir, readSite } from './sites.js';
import type { ServerConfig, SiteConfig } from '../config/types.js';
import { idleCollectionFromEnv } from '../store/process-memory.js';
import { baselineCompilerFromEnv, sharedBuffersFromEnv } from '../store/pglite-memory.js';
import type { PoolSettings } from '../store/pool-settings.js';
import type { ReplicaFileSettings } from '../store/replica-settings.js';
import { ConfigError, Reader, take } from '../config/validate.js';
import { buildWebhookSettings } from '../webhooks/config.js';
import { buildMetricsSettings } from '../config/metrics.js';
import { buildBackupSettings } from '../config/backup.js';
import { buildMediaSettings } from '../config/media.js';
import { schemaProblems } from '../config/schema/messages.js';
import { TopLevelSchema } from '../config/schema/file.js';
import { checkPhoneInProduction } from '../phone/config.js';
import { checkDataReadEnv } from '../data/index.js';

export interface LoadConfigOptions {
  /** Config file; falls back to `VITRINE_CONFIG`, then to the demo defaults. */
  configPath?: string | undefined;
  port?: number | undefined;
  dataDir?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Keep generated secrets in memory instead of the data directory (tests). */
  ephemeral?: boolean;
}

/** Reads the config file and the environment, applies defaults, and validates everything at once. */
export function loadConfig(options: LoadConfigOptions = {}): ServerConfig {
  const env = options.env ?? process.env;
  const r = new Reader();
  const configPath = options.configPath ?? env.VITRINE_CONFIG;
  const file = configPath ? readConfigFile(configPath) : {};
  // The file's shape is the TypeBox schema's (config/schema/); below: the environment, defaults, cross references.
  if (configPath) r.problems.push(...schemaProblems(TopLevelSchema, file, ''));
  const top = take.object(file);

  const production = env.NODE_ENV === 'production';
  const port = options.port ?? r.integer(env.PORT, 'PORT', 8080, 0, 65_535);
  const defaultUrl = `http://localhost:${port}`;
  const publicUrl = stripSlash(
    env.PUBLIC_URL ? r.url(env.PUBLIC_URL, 'PUBLIC_URL') : take.string(top.publicUrl, defaultUrl),
  );
  const dataDir = resolve(options.dataDir ?? env.VITRINE_DATA_DIR ?? './.vitrine');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    r.fail('DATABASE_URL', `must be a postgres:// connection string (got "${databaseUrl.split('@').pop()}")`);
  // The memory settings (store/pglite-memory.ts, process-memory.ts), read again where they apply.
  for (const check of [sharedBuffersFromEnv, baselineCompilerFromEnv, idleCollectionFromEnv])
    try {
      check(env);
    } catch (error) {
      r.problems.push((error as Error).message);
    }

  const baseDir = configPath ? configBaseDir(configPath) : process.cwd();
  const rawSites = take.list(top.sites);
  const sites: SiteConfig[] = configPath
    ? rawSites.map((s, i) => readSite(r, s, `sites[${i}]`, baseDir, env))
    : [demoSite(publicUrl, { development: !production })];
  checkUnique(r, sites);
  checkPhoneInProduction(r, sites, production);

  const sf = take.object(top.storefront);
  const firstSite = sites[0];
  const storefront = {
    siteId: take.string(sf.siteId, firstSite?.id ?? 'demo'),
    clientId: take.string(sf.clientId, firstSite?.clients[0]?.clientId ?? 'demo-storefront'),
  };
  const sfSite = sites.find((s) => s.id === storefront.siteId);
  if (sites.length && !sfSite)
    r.fail('storefront.siteId', `must name a configured site (${sites.map((s) => `"${s.id}"`).join(', ')})`);
  if (sfSite && !sfSite.clients.some((c) => c.clientId === storefront.clientId)) {
    r.fail(
      'storefront.clientId',
      `must name a client of site "${sfSite.id}" (${sfSite.clients.map((c) => `"${c.clientId}"`).join(', ')})`,
    );
  }

  let adminKey = env.VITRINE_ADMIN_KEY ?? take.string(top.adminKey, undefined);
  if (env.VITRINE_ADMIN_KEY !== undefined && env.VITRINE_ADMIN_KEY.length < 24)
    r.fail('VITRINE_ADMIN_KEY', 'must be at least 24 characters (use a long random value)');
  if (production && !adminKey)
    r.fail('VITRINE_ADMIN_KEY', 'is required when NODE_ENV=production (or set "adminKey" in the config file)');
  const mailbox = devMailboxSetting(take.boolean(top.devMailbox, false), top.devMailbox !== undefined, {
    production,
    configFile: Boolean(configPath),
    publicUrl,
  });
  const bodyLimit = take.integer(top.bodyLimit, 4 * 1024 * 1024);

  const warnings: string[] = [];
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if ('error' in trust) r.problems.push(trust.error);
  else if (trust.warning) warnings.push(trust.warning);
  const keyEncryptionKey = readKeyEncryptionKey(r, env.VITRINE_KEY_ENCRYPTION_KEY, production);
  const smtpCa = readSmtpCa(r, env.VITRINE_SMTP_CA_FILE);
  const tokens = take.object(top.tokens);
  const keyRotationDays = tokens.keyRotationDays === undefined ? undefined : take.integer(tokens.keyRotationDays, 90);
  if (mailbox.on && production)
    warnings.push(
      'the dev mailbox is on in production ("devMailbox": true): anyone can read every mail, reset links included',
    );

  const webhooks = buildWebhookSettings(top.webhooks);
  const metrics = buildMetricsSettings(top.metrics, env, (key, message) => r.fail(key, message));
  const shutdownTimeoutMs = r.integer(
    env.VITRINE_SHUTDOWN_TIMEOUT_MS,
    'VITRINE_SHUTDOWN_TIMEOUT_MS',
    10_000,
    0,
    600_000,
  );
  checkDataReadEnv(env, (key, message) => r.fail(key, message));
  const database = take.object(top.database) as Partial<PoolSettings> & ReplicaFileSettings;
  const databaseReadUrl = env.DATABASE_READ_URL || database.readUrl || undefined;
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl))
    r.fail('DATABASE_READ_URL', `must be a postgres:// connection string (got "${databaseReadUrl.split('@').pop()}")`);
  else if (databaseReadUrl && !databaseUrl)
    r.fail(
      'DATABASE_READ_URL',
      'needs DATABASE_URL: a read replica serves a PostgreSQL primary, and the embedded database (PGlite) has none',
    );
  const payments = readPaymentSettings(env, (key, message) => r.fail(key, message), warnings, production);
  if (r.problems.length) throw new ConfigError(r.problems);

  let adminKeyGenerated = false;
  if (!adminKey) {
    adminKey = options.ephemeral ? randomBytes(32).toString('base64url') : devAdminKey(dataDir);
    adminKeyGenerated = true;
  }

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    production,
    databaseUrl,
    dataDir,
    adminKey,
    adminKeyGenerated,
    devMailbox: mailbox.on,
    devMailboxReason: mailbox.reason,
    trustProxy: 'value' in trust ? trust.value : false,
    keyEncryptionKey,
    keyRotationDays,
    warnings,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpCa,
    bodyLimit,
    sites,
    ...(configPath ? { siteFiles: rawSites.map((s) => structuredClone(take.object(s))), configBaseDir: baseDir } : {}),
    storefront,
    storefrontDir: env.VITRINE_STOREFRONT_DIR ?? findStorefrontDist(),
    webhooks,
    metrics,
    backups: buildBackupSettings(top.backups, dataDir),
    media: buildMediaSettings(top.media, env),
    shutdownTimeoutMs,
    database,
    databaseReadUrl,
    ...(payments ? { payments } : {}),
  };
}

/** Stripe's keys (docs/payments.md): both or neither, from the environment only, checked by their prefixes. */
function readPaymentSettings(
  env: Record<string, string | undefined>,
  fail: (key: string, message: string) => void,
  warnings: string[],
  production: boolean,
): ServerConfig['payments'] {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey) return void fail('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret) return void fail('STRIPE_WEBHOOK_SECRET', 'is required with STRIPE_SECRET_KEY (whsec_…)');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    return void fail('STRIPE_SECRET_KEY', 'must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)');
  if (!/^whsec_\w+$/.test(webhookSecret))
    return void fail('STRIPE_WEBHOOK_SECRET', "must be the endpoint's signing secret (whsec_…)");
  if (production && /_test_/.test(secretKey))
    warnings.push('STRIPE_SECRET_KEY is a test key: no real payment is taken');
  return { stripe: { secretKey, webhookSecret } };
}

/**
 * The dev mailbox shows every mail, reset links included, to anyone: on by default only where that is
 * harmless (the demo site, or a server only reachable on this machine); an explicit setting wins.
 */
function devMailboxSetting(
  value: boolean,
  explicit: boolean,
  where: { production: boolean; configFile: boolean; publicUrl: string },
): { on: boolean; reason: string } {
  if (explicit) return { on: value, reason: `"devMailbox": ${value} in the config file` };
  if (where.production) return { on: false, reason: 'NODE_ENV=production' };
  if (isLoopbackUrl(where.publicUrl))
    return { on: true, reason: `the public URL ${where.publicUrl} is a loopback address` };
  if (!where.configFile) return { on: true, reason: 'the demo site runs (no config file)' };
  return {
    on: false,
    reason: `the public URL ${where.publicUrl} is not a loopback address (set "devMailbox": true to force it)`,
  };
}

function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function readKeyEncryptionKey(r: Reader, raw: string | undefined, production: boolean): Buffer | undefined {
  if (!raw) {
    if (production)
      r.fail(
        'VITRINE_KEY_ENCRYPTION_KEY',
        'is required when NODE_ENV=production (32 random bytes in base64: `openssl rand -base64 32`)',
      );
    return undefined;
  }
  const key = parseKeyEncryptionKey(raw);
  if (!key) r.fail('VITRINE_KEY_ENCRYPTION_KEY', 'must be 32 bytes in base64 (`openssl rand -base64 32`)');
  return key;
}

/** A private relay's CA, read once at start: a missing or non-certificate file stops the start, not the first mail. */
function readSmtpCa(r: Reader, path: string | undefined): string | undefined {
  if (!path) return undefined;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    r.fail('VITRINE_SMTP_CA_FILE', `could not be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    return undefined;
  }
  try {
    new X509Certificate(pem);
  } catch {
    r.fail('VITRINE_SMTP_CA_FILE', `must name a PEM certificate file ("-----BEGIN CERTIFICATE-----"; got ${path})`);
    return undefined;
  }
  return pem;
}

function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `config file ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`config file ${path} is not valid JSON (${(error as Error).message})`]);
  }
}

function checkUnique(r: Reader, sites: SiteConfig[]): void {
  const clientIds = new Map<string, string>();
  sites.forEach((site, i) => {
    if (sites.findIndex((s) => s.id === site.id) !== i)
      r.fail(`sites[${i}].id`, `"${site.id}" is used by another site`);
    site.clients.forEach((c, j) => {
      const owner = clientIds.get(c.clientId);
      if (owner !== undefined)
        r.fail(`sites[${i}].clients[${j}].clientId`, `"${c.clientId}" is already used in ${owner}`);
      clientIds.set(c.clientId, `sites[${i}]`);
    });
    site.collections.forEach((c, j) => {
      if (site.collections.findIndex((o) => o.id === c.id) !== j)
        r.fail(`sites[${i}].collections[${j}].id`, `"${c.id}" is declared twice`);
    });
  });
}

/** Development only: one admin key per data directory, generated once and kept beside the database. */
function devAdminKey(dataDir: string): string {
  const file = join(dataDir, 'admin-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** The built storefront of this checkout (`apps/storefront/dist`), when one exists. */
function findStorefrontDist(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'storefront', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');
