import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.js';
import { ConfigError } from '../config/validate.js';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-config-'));
function file(content: unknown, name = `c${Math.random().toString(36).slice(2)}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const problems = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};
const site = (extra: Record<string, unknown> = {}) => ({
  id: 'shop',
  clients: [
    { clientId: 'web', redirectUris: ['https://shop.example/callback'], allowedOrigins: ['https://shop.example'] },
  ],
  ...extra,
});

describe('demo defaults', () => {
  it('runs the demo site with the storefront client on the public URL, both loopback spellings', () => {
    const config = loadConfig({ env: { PORT: '9001' }, dataDir: dir });
    expect(config.publicUrl).toBe('http://localhost:9001');
    const demo = config.sites[0]!;
    expect(demo).toMatchObject({
      id: 'demo',
      name: 'Demo Store',
      policies: { emailVerification: 'required', memberApproval: 'auto', captcha: 'off' },
    });
    expect(demo.clients[0]).toMatchObject({
      clientId: 'demo-storefront',
      // …plus the Vite dev server, in development only.
      redirectUris: [
        'http://localhost:9001/callback',
        'http://127.0.0.1:9001/callback',
        'http://localhost:5173/callback',
        'http://127.0.0.1:5173/callback',
      ],
      allowedOrigins: [
        'http://localhost:9001',
        'http://127.0.0.1:9001',
        'http://localhost:5173',
        'http://127.0.0.1:5173',
      ],
    });
    // The shop's products, carts and orders are the commerce module's demo shop, not data collections (issue #50).
    expect(demo.collections.map((c) => c.id)).toEqual(['Categories', 'Pages']);
    expect(demo.shop).toMatchObject({ demoCatalog: true });
    expect(config.storefront).toEqual({ siteId: 'demo', clientId: 'demo-storefront' });
  });

  it('generates a development admin key once per data directory and keeps it', () => {
    const data = mkdtempSync(join(tmpdir(), 'vitrine-data-'));
    const first = loadConfig({ env: {}, dataDir: data });
    expect(first.adminKeyGenerated).toBe(true);
    expect(readFileSync(join(data, 'admin-key'), 'utf8').trim()).toBe(first.adminKey);
    expect(loadConfig({ env: {}, dataDir: data }).adminKey).toBe(first.adminKey);
  });

  it('refuses embedded-database memory settings it cannot use, before anything opens', () => {
    expect(
      problems(() =>
        loadConfig({
          env: { VITRINE_PGLITE_SHARED_BUFFERS: 'lots', VITRINE_PGLITE_WASM_COMPILER: 'fast' },
          dataDir: dir,
        }),
      ),
    ).toEqual([
      expect.stringContaining('VITRINE_PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB'),
      expect.stringContaining('VITRINE_PGLITE_WASM_COMPILER must be "baseline" or "optimizing", not "fast"'),
    ]);
    expect(() => loadConfig({ env: { VITRINE_PGLITE_SHARED_BUFFERS: '256MB' }, dataDir: dir })).not.toThrow();
  });

  it('refuses production without an admin key or a key-encryption key', () => {
    expect(problems(() => loadConfig({ env: { NODE_ENV: 'production' }, dataDir: dir }))).toEqual([
      expect.stringContaining('VITRINE_ADMIN_KEY is required when NODE_ENV=production'),
      expect.stringContaining('VITRINE_KEY_ENCRYPTION_KEY is required when NODE_ENV=production'),
    ]);
    const prod = loadConfig({
      env: {
        NODE_ENV: 'production',
        VITRINE_ADMIN_KEY: 'k'.repeat(32),
        VITRINE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      },
      dataDir: dir,
    });
    expect(prod.devMailbox).toBe(false);
    expect(prod.sites[0]!.clients[0]!.allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });
});

describe('config file', () => {
  it('reads sites, clients, keys, collections and a seed file relative to the config', () => {
    file([{ _id: 'a', title: 'A' }], 'seed.json');
    const path = file({
      publicUrl: 'https://shop.example/',
      adminKey: 'a'.repeat(30),
      sites: [
        site({
          apiKeys: [{ name: 'backend', key: 'b'.repeat(30) }],
          collections: [{ id: 'Things', permissions: { read: 'ANYONE' }, seed: 'seed.json' }],
        }),
      ],
    });
    const config = loadConfig({ configPath: path, env: {}, dataDir: dir });
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.sites[0]!.collections[0]).toEqual({
      id: 'Things',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      seed: [{ _id: 'a', title: 'A' }],
    });
    expect(config.sites[0]!.clients[0]!.refreshTokenRotation).toBe(true);
    expect(config.storefront).toEqual({ siteId: 'shop', clientId: 'web' });
  });

  it('names every bad key with what is allowed', () => {
    const path = file({
      colour: 'blue',
      sites: [
        site({
          policies: { captcha: 'maybe', emailVerification: true },
          tokens: { accessTokenTtl: 5 },
          clients: [{ clientId: 'web', redirectUris: ['not a url'], allowedOrigins: ['https://shop.example/path'] }],
          collections: [{ id: 'X', permissions: { read: 'EVERYONE' } }],
        }),
      ],
    });
    const list = problems(() => loadConfig({ configPath: path, env: {}, dataDir: dir }));
    expect(list).toEqual(
      expect.arrayContaining([
        'colour is not a known key (allowed: publicUrl, adminKey, devMailbox, sites, storefront, bodyLimit, tokens, webhooks, media, metrics, database, backups)',
        'sites[0].policies.captcha must be one of "off", "altcha", "recaptcha" (got "maybe")',
        'sites[0].policies.emailVerification must be one of "off", "required" (got true)',
        'sites[0].tokens.accessTokenTtl must be a whole number from 60 to 86400 (got 5)',
        'sites[0].clients[0].redirectUris[0] must be an absolute URL such as "https://shop.example" (got "not a url")',
        'sites[0].clients[0].allowedOrigins[0] must be a bare origin such as "https://shop.example" (got "https://shop.example/path")',
        'sites[0].collections[0].permissions.read must be one of "ANYONE", "SITE_MEMBER", "SITE_MEMBER_AUTHOR", "ADMIN", "AUTHOR" (got "EVERYONE")',
      ]),
    );
  });

  it('reports duplicates, a missing recaptcha secret, and environment mistakes', () => {
    const path = file({ sites: [site({ policies: { captcha: 'recaptcha' } }), site()] });
    const list = problems(() =>
      loadConfig({ configPath: path, env: { PORT: 'eighty', DATABASE_URL: 'mysql://x@y/z' }, dataDir: dir }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 0 to 65535 (got "eighty")',
        'DATABASE_URL must be a postgres:// connection string (got "y/z")',
        expect.stringContaining('sites[0].policies.recaptcha is required'),
        'sites[1].id "shop" is used by another site',
        'sites[1].clients[0].clientId "web" is already used in sites[0]',
      ]),
    );
  });

  it('reads the key-encryption key and tokens.keyRotationDays, and names their mistakes', () => {
    const key = Buffer.alloc(32, 9);
    const config = loadConfig({
      configPath: file({ sites: [site()], tokens: { keyRotationDays: 30 } }),
      env: { VITRINE_KEY_ENCRYPTION_KEY: key.toString('base64') },
      dataDir: dir,
    });
    expect(config.keyEncryptionKey?.equals(key)).toBe(true);
    expect(config.keyRotationDays).toBe(30);
    expect(loadConfig({ env: {}, dataDir: dir }).keyRotationDays).toBeUndefined();
    const list = problems(() =>
      loadConfig({
        configPath: file({ sites: [site()], tokens: { keyRotationDays: 0, often: 1 } }),
        env: { VITRINE_KEY_ENCRYPTION_KEY: 'c2hvcnQ=' },
        dataDir: dir,
      }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        'VITRINE_KEY_ENCRYPTION_KEY must be 32 bytes in base64 (`openssl rand -base64 32`)',
        'tokens.keyRotationDays must be a whole number from 1 to 3650 (got 0)',
        'tokens.often is not a known key (allowed: keyRotationDays)',
      ]),
    );
  });

  it('reads the database section (pool size, acquire timeout, prepared statements) and names its mistakes', () => {
    const database = { poolSize: 4, acquireTimeoutMs: 2000, preparedStatements: 'unnamed' };
    expect(loadConfig({ configPath: file({ sites: [site()], database }), env: {}, dataDir: dir }).database).toEqual(
      database,
    );
    const list = problems(() =>
      loadConfig({
        configPath: file({ sites: [site()], database: { poolSize: 0, preparedStatements: 'always', size: 3 } }),
        env: {},
        dataDir: dir,
      }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        'database.poolSize must be a whole number from 1 to 1000 (got 0)',
        'database.preparedStatements must be one of "auto", "named", "unnamed" (got "always")',
        'database.size is not a known key (allowed: poolSize, acquireTimeoutMs, preparedStatements, readUrl, replicaMaxLagMs, readYourWritesMs)',
      ]),
    );
  });

  it('reads the metrics section and VITRINE_METRICS_*, VITRINE_SHUTDOWN_TIMEOUT_MS, and names their mistakes', () => {
    const configPath = file({ sites: [site()], metrics: { port: 9464, host: '10.0.0.5' } });
    const fromFile = loadConfig({ configPath, env: {}, dataDir: dir });
    expect(fromFile.metrics).toEqual({ port: 9464, host: '10.0.0.5', public: false });
    expect(fromFile.shutdownTimeoutMs).toBe(10_000);
    const fromEnv = loadConfig({
      configPath,
      env: { VITRINE_METRICS_PORT: '9100', VITRINE_METRICS_PUBLIC: '1', VITRINE_SHUTDOWN_TIMEOUT_MS: '2500' },
      dataDir: dir,
    });
    expect(fromEnv.metrics).toEqual({ port: 9100, host: '10.0.0.5', public: true });
    expect(fromEnv.shutdownTimeoutMs).toBe(2500);
    expect(loadConfig({ env: {}, dataDir: dir }).metrics).toEqual({ port: undefined, host: undefined, public: false });
    const list = problems(() =>
      loadConfig({
        configPath: file({ sites: [site()], metrics: { port: 70_000, open: true } }),
        env: { VITRINE_METRICS_PORT: 'nine' },
        dataDir: dir,
      }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        'metrics.port must be a whole number from 1 to 65535 (got 70000)',
        'metrics.open is not a known key (allowed: port, host, public)',
        'VITRINE_METRICS_PORT must be a whole number from 1 to 65535 (got "nine")',
      ]),
    );
  });

  it('refuses a count time limit that is not a whole number of ms at start, naming the key', () => {
    expect(problems(() => loadConfig({ env: { VITRINE_DATA_COUNT_TIME_LIMIT_MS: '50ms' }, dataDir: dir }))).toEqual([
      'VITRINE_DATA_COUNT_TIME_LIMIT_MS must be a whole number of milliseconds from 0 to 60000 (got "50ms")',
    ]);
    expect(() => loadConfig({ env: { VITRINE_DATA_COUNT_TIME_LIMIT_MS: '20' }, dataDir: dir })).not.toThrow();
  });

  it('names an unreadable or non-certificate VITRINE_SMTP_CA_FILE', () => {
    const missing = join(dir, 'missing-ca.pem');
    expect(problems(() => loadConfig({ env: { VITRINE_SMTP_CA_FILE: missing }, dataDir: dir }))).toEqual([
      'VITRINE_SMTP_CA_FILE could not be read (ENOENT)',
    ]);
    const notPem = file('not a certificate', 'ca.txt');
    expect(problems(() => loadConfig({ env: { VITRINE_SMTP_CA_FILE: notPem }, dataDir: dir }))).toEqual([
      `VITRINE_SMTP_CA_FILE must name a PEM certificate file ("-----BEGIN CERTIFICATE-----"; got ${notPem})`,
    ]);
  });

  it('explains an unreadable or invalid file', () => {
    expect(problems(() => loadConfig({ configPath: join(dir, 'missing.json'), env: {} }))[0]).toMatch(
      /could not be read \(ENOENT\)/,
    );
    expect(problems(() => loadConfig({ configPath: file('{ nope'), env: {} }))[0]).toMatch(/is not valid JSON/);
  });
});
