import { parseArgs } from 'node:util';
import { createApp, type VitrineApp } from './app.js';
import { runBackupCli } from './cli-backup.js';
import { clientsCommand, ClientsUsageError, formatClients } from './cli-clients.js';
import { formatKeys, runKeyCommand } from './cli-keys.js';
import { collectWhenIdle, describeMemory, idleCollectionFromEnv } from './store/process-memory.js';
import { markRunningServer } from './store/running-server.js';
import { formatImportReport, importMembersCommand, ImportUsageError } from './cli-members.js';
import {
  addOwnerCommand,
  FIRST_OWNER_EMAIL,
  firstStartInvite,
  formatFirstStart,
  formatInvite,
  OwnerExistsError,
} from './cli-owners.js';
import { ConfigError, loadConfig, type LoadConfigOptions } from './config-files/index.js';
import type { ServerConfig } from './config/types.js';
import { ValidationError } from './errors/wire.js';
import { KeyProtectionError } from './oauth/key-store.js';

const HELP = `Usage: vitrine <command> [options]

Commands:
  serve             Run the API, hosted login pages and storefront; while no owner has a password, it
                    prints a one-time setup link for the first owner ($VITRINE_OWNER_EMAIL, else owner@localhost)
  keys list         List the access-token signing keys: kid, created, state (active, retiring, retired)
  keys rotate       Make a new signing key; older ones keep verifying until their tokens expire
  owners add EMAIL  Add a console owner and print a one-time setup link (24 h); for an owner who has not
                    set a password yet, a new link (an owner with a password is refused: never replaced)
  clients list [--site ID]
                    The site's clients (apps): redirect URIs and allowed origins
  clients add CLIENT_ID --redirect-uri URL --origin ORIGIN [--site ID]
                    Let an app sign in: add redirect URIs (their origins are allowed too) and origins to a
                    client, or a new client; a site setting, applied on every instance and audited
  clients remove CLIENT_ID [--redirect-uri URL] [--origin ORIGIN] [--site ID]
                    Remove those addresses from a client, or without any, the client
  members import FILE --format auth0|firebase|supabase|clerk|csv [--dry-run] [--site ID]
                    Import members from another system's export, password hashes kept (docs/operating.md);
                    Firebase: --hash-key, --salt-separator, --rounds, --mem-cost of the project
  backup [--out FILE]   A consistent backup, whether or not a server runs (docs/operating.md#backups)
  restore FILE [--force] [--unverified]
                    Restore a backup into an empty database (--force: replace what is there;
                    --unverified: a file this server cannot authenticate, loaded as data only)
  move --to postgres://… Copy the embedded database into an empty PostgreSQL database
  help              Show this help

Options:
  --config FILE     JSON config file (default: $VITRINE_CONFIG, else the demo site)
  --port N          serve: port to listen on (default: $PORT or 8080)
  --data-dir DIR    Embedded database folder (default: $VITRINE_DATA_DIR or ./.vitrine)
  --host HOST       serve: interface to bind (default: $HOST or 0.0.0.0)
  --role ROLE       owners add: owner (default), editor or support
  --site ID         owners add: a site the owner runs (repeat for more; default: every site); clients: the site
                    (default: the site with that client, else the storefront's)
  --redirect-uri URL, --origin ORIGIN   clients add/remove: addresses (repeat for more)

\`keys\`, \`owners\` and \`clients\` work on DATABASE_URL or the data directory, whether or not a server is running on it.

Environment: PORT, PUBLIC_URL, DATABASE_URL, DATABASE_READ_URL, VITRINE_CONFIG, VITRINE_DATA_DIR, VITRINE_ADMIN_KEY,
VITRINE_KEY_ENCRYPTION_KEY, VITRINE_OWNER_EMAIL, REDIS_URL, SMTP_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
NODE_ENV, LOG_LEVEL, TRUST_PROXY, VITRINE_METRICS_PORT, VITRINE_SHUTDOWN_TIMEOUT_MS. See the README for details.
`;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        role: { type: 'string' },
        site: { type: 'string', multiple: true },
        format: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'hash-key': { type: 'string' },
        'salt-separator': { type: 'string' },
        rounds: { type: 'string' },
        'mem-cost': { type: 'string' },
        out: { type: 'string' },
        force: { type: 'boolean' },
        unverified: { type: 'boolean' },
        to: { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        origin: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`vitrine: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, subcommand] = parsed.positionals;
  if (!command || command === 'help' || parsed.values.help) {
    process.stdout.write(HELP);
    return command || parsed.values.help ? 0 : 2;
  }
  const configOptions = { configPath: parsed.values.config, dataDir: parsed.values['data-dir'] };
  if (command === 'keys') {
    if (subcommand !== 'list' && subcommand !== 'rotate') {
      console.error(`vitrine: keys needs "list" or "rotate"${subcommand ? ` (got "${subcommand}")` : ''}\n\n${HELP}`);
      return 2;
    }
    return keys(subcommand, configOptions);
  }
  if (command === 'owners') {
    const email = parsed.positionals[2];
    if (subcommand !== 'add' || !email) {
      console.error(
        `vitrine: owners needs "add EMAIL"${subcommand && subcommand !== 'add' ? ` (got "${subcommand}")` : ''}\n\n${HELP}`,
      );
      return 2;
    }
    return owners(email, parsed.values.role, parsed.values.site, configOptions);
  }
  if (command === 'clients') {
    if (subcommand !== 'list' && subcommand !== 'add' && subcommand !== 'remove') {
      console.error(
        `vitrine: clients needs "list", "add" or "remove"${subcommand ? ` (got "${subcommand}")` : ''}\n\n${HELP}`,
      );
      return 2;
    }
    const v = parsed.values;
    return clients(subcommand, configOptions, {
      clientId: parsed.positionals[2],
      redirectUris: v['redirect-uri'] ?? [],
      origins: v.origin ?? [],
      site: v.site?.[0],
    });
  }
  if (command === 'members') {
    const file = parsed.positionals[2];
    if (subcommand !== 'import' || !file) {
      console.error(`vitrine: members needs "import FILE --format …"\n\n${HELP}`);
      return 2;
    }
    const v = parsed.values;
    return importMembers(file, configOptions, {
      format: v.format,
      dryRun: v['dry-run'] ?? false,
      site: v.site?.[0],
      hashKey: v['hash-key'],
      saltSeparator: v['salt-separator'],
      rounds: v.rounds,
      memCost: v['mem-cost'],
    });
  }
  if (command === 'backup' || command === 'restore' || command === 'move') {
    const config = configOrExplain(configOptions);
    const v = parsed.values;
    return config
      ? runBackupCli(command, config, {
          file: subcommand,
          out: v.out,
          force: v.force,
          unverified: v.unverified,
          to: v.to,
        })
      : 1;
  }
  if (command !== 'serve') {
    console.error(`vitrine: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  const port = parsed.values.port === undefined ? undefined : Number(parsed.values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
    console.error(`vitrine: --port must be a whole number from 0 to 65535 (got "${parsed.values.port}")`);
    return 2;
  }
  return serve({ ...configOptions, port, host: parsed.values.host });
}

/** Loads the config, printing a ConfigError the way operators read it; undefined when invalid. */
function configOrExplain(options: LoadConfigOptions): ServerConfig | undefined {
  try {
    return loadConfig(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}

async function keys(action: 'list' | 'rotate', options: LoadConfigOptions): Promise<number> {
  const config = configOrExplain(options);
  if (!config) return 1;
  try {
    const result = await runKeyCommand(action, { config });
    if (result.rotated)
      process.stdout.write(
        `New signing key ${result.rotated} is active; older keys keep verifying until their tokens expire.\n\n`,
      );
    process.stdout.write(formatKeys(result.keys));
    return 0;
  } catch (error) {
    console.error(`vitrine keys ${action}: ${(error as Error).message}`);
    return 1;
  }
}

async function owners(
  email: string,
  role: string | undefined,
  sites: string[] | undefined,
  options: LoadConfigOptions,
): Promise<number> {
  const config = configOrExplain(options);
  if (!config) return 1;
  try {
    process.stdout.write(formatInvite(await addOwnerCommand(config, email, role, {}, sites)));
    return 0;
  } catch (error) {
    // A bad email, role or site, or an owner who has a password, is the caller's mistake (2); anything
    // else, the database's or the server's (1).
    console.error(`vitrine owners add: ${(error as Error).message}`);
    return error instanceof ValidationError || error instanceof OwnerExistsError ? 2 : 1;
  }
}

async function clients(
  action: 'list' | 'add' | 'remove',
  options: LoadConfigOptions,
  change: Parameters<typeof clientsCommand>[2],
): Promise<number> {
  const config = configOrExplain(options);
  if (!config) return 1;
  try {
    process.stdout.write(formatClients(await clientsCommand(config, action, change)));
    return 0;
  } catch (error) {
    console.error(`vitrine clients ${action}: ${(error as Error).message}`);
    return error instanceof ClientsUsageError ? 2 : 1;
  }
}

async function importMembers(
  file: string,
  options: LoadConfigOptions,
  importOptions: Parameters<typeof importMembersCommand>[2],
): Promise<number> {
  const config = configOrExplain(options);
  if (!config) return 1;
  try {
    const report = await importMembersCommand(config, file, importOptions, (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(formatImportReport(report));
    return 0;
  } catch (error) {
    console.error(`vitrine members import: ${(error as Error).message}`);
    return error instanceof ImportUsageError || error instanceof ValidationError ? 2 : 1;
  }
}

export interface RunningServer {
  vitrine: VitrineApp;
  config: ServerConfig;
  /** Where this process can reach the server (the listening address). */
  localUrl: string;
  close(): Promise<void>;
}

/** Opens the database, builds the app and listens: `vitrine serve` without the signal handling. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const vitrine = await createApp({ config });
  const address = await vitrine.app.listen({ port: config.port, host: config.host });
  const localUrl = address.replace('://0.0.0.0', '://127.0.0.1').replace('://[::]', '://127.0.0.1');
  // The embedded database admits one process: `vitrine keys` finds this server through the marker.
  const unmark = config.databaseUrl ? () => {} : markRunningServer(config.dataDir, localUrl);
  return {
    vitrine,
    config,
    localUrl,
    async close() {
      unmark();
      await vitrine.close();
    },
  };
}

async function serve(options: LoadConfigOptions & { host?: string | undefined }): Promise<number> {
  const config = configOrExplain(options);
  if (!config) return 1;
  if (options.host) config.host = options.host;
  const where = config.databaseUrl
    ? `PostgreSQL (${redactUrl(config.databaseUrl)})`
    : `embedded PGlite in ${config.dataDir}`;
  console.log(`Vitrine: opening ${where} …`);
  for (const warning of config.warnings) console.warn(`Vitrine warning: ${warning}`);
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof KeyProtectionError) {
      console.error(`Vitrine cannot start: ${error.message}`);
      return 1;
    }
    throw error;
  }
  console.log(`Vitrine is running at ${config.publicUrl}`);
  console.log(`  owner console:        ${config.publicUrl}/console (add an owner: npx vitrine owners add EMAIL)`);
  const firstOwnerEmail = process.env.VITRINE_OWNER_EMAIL?.trim() || FIRST_OWNER_EMAIL;
  try {
    const first = await firstStartInvite(config, server.vitrine.ctx.db, firstOwnerEmail, Date.now());
    if (first) process.stdout.write(formatFirstStart(first));
  } catch (error) {
    // A bad VITRINE_OWNER_EMAIL must not stop the server: `vitrine owners add` remains.
    console.error(`Vitrine: no first-start setup link (${(error as Error).message})`);
  }
  // The start's garbage given back now, and again whenever the server goes quiet (store/process-memory.ts).
  const idleCollector = idleCollectionFromEnv() ? collectWhenIdle() : undefined;
  console.log(`  storefront client id: ${config.storefront.clientId} (site "${config.storefront.siteId}")`);
  console.log(
    config.devMailbox
      ? `  dev mailbox:          ${config.publicUrl}/_dev/mail (on: ${config.devMailboxReason})`
      : `  dev mailbox:          off (${config.devMailboxReason})`,
  );
  const link = server.vitrine.ctx.db.connection;
  if (link)
    console.log(
      `  database connection:  ${link.path === 'direct' ? 'direct' : link.path === 'pooler' ? 'through a pooler' : 'Unix socket (treated as a pooler)'}, ${link.preparedStatements} prepared statements, statement timeout: ${link.statementTimeout}`,
    );
  console.log(`  trusted proxies:      ${describeTrustProxy(config.trustProxy)}`);
  console.log(`  memory:               ${describeMemory(!config.databaseUrl, idleCollector !== undefined)}`);
  console.log(
    `  signing keys:         ${config.keyEncryptionKey ? 'encrypted at rest' : 'NOT encrypted at rest (set VITRINE_KEY_ENCRYPTION_KEY)'}${config.keyRotationDays ? `, rotated every ${config.keyRotationDays} days` : ''}`,
  );
  if (config.adminKeyGenerated)
    console.log(`  admin key (dev only): ${config.adminKey}  (kept in ${config.dataDir}/admin-key)`);
  if (!config.storefrontDir)
    console.log('  storefront not built: run `npm start` from the repository root to build it');

  const shutdown = async (signal: string) => {
    console.log(`Vitrine: ${signal} received, shutting down…`);
    idleCollector?.stop();
    await server.close().catch((error) => console.error(error));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  return new Promise(() => {});
}

function describeTrustProxy(value: false | number | string[]): string {
  if (value === false) return 'none (X-Forwarded-For is ignored; set TRUST_PROXY behind a load balancer)';
  if (typeof value === 'number') return `${value} hop(s): the client address is the one the nearest proxy appended`;
  return value.join(', ');
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'configured';
  }
}
