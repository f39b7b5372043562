import { parseArgs } from 'node:util';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';

const HELP = `Usage: vitrine <command> [options]

Commands:
  serve             Run the API, hosted login pages and storefront
  help              Show this help

Options for serve:
  --config FILE     JSON config file (default: $VITRINE_CONFIG, else the demo site)
  --port N          Port to listen on (default: $PORT or 8080)
  --data-dir DIR    Embedded database folder (default: $VITRINE_DATA_DIR or ./.vitrine)
  --host HOST       Interface to bind (default: $HOST or 0.0.0.0)

Environment: PORT, PUBLIC_URL, DATABASE_URL, VITRINE_CONFIG, VITRINE_DATA_DIR, VITRINE_ADMIN_KEY,
REDIS_URL, SMTP_URL, NODE_ENV, LOG_LEVEL, TRUST_PROXY. See the README for details.
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
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`vitrine: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const command = parsed.positionals[0] ?? (parsed.values.help ? 'help' : undefined);
  if (!command || command === 'help' || parsed.values.help) {
    process.stdout.write(HELP);
    return command || parsed.values.help ? 0 : 2;
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
  return serve({ configPath: parsed.values.config, port, dataDir: parsed.values['data-dir'], host: parsed.values.host });
}

async function serve(options: { configPath?: string | undefined; port?: number | undefined; dataDir?: string | undefined; host?: string | undefined }): Promise<number> {
  let config;
  try {
    config = loadConfig(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (options.host) config.host = options.host;
  const where = config.databaseUrl ? `PostgreSQL (${redactUrl(config.databaseUrl)})` : `embedded PGlite in ${config.dataDir}`;
  console.log(`Vitrine: opening ${where} …`);
  const vitrine = await createApp({ config });
  await vitrine.app.listen({ port: config.port, host: config.host });
  const client = config.storefront.clientId;
  console.log(`Vitrine is running at ${config.publicUrl}`);
  console.log(`  storefront client id: ${client} (site "${config.storefront.siteId}")`);
  console.log(config.devMailbox ? `  dev mailbox:          ${config.publicUrl}/_dev/mail (on: ${config.devMailboxReason})` : `  dev mailbox:          off (${config.devMailboxReason})`);
  console.log(`  trusted proxies:      ${describeTrustProxy(config.trustProxy)}`);
  for (const warning of config.warnings) console.warn(`Vitrine warning: ${warning}`);
  if (config.adminKeyGenerated) console.log(`  admin key (dev only): ${config.adminKey}  (kept in ${config.dataDir}/admin-key)`);
  if (!config.storefrontDir) console.log('  storefront not built: run `npm start` from the repository root to build it');

  const shutdown = async (signal: string) => {
    console.log(`Vitrine: ${signal} received, shutting down…`);
    await vitrine.close().catch((error) => console.error(error));
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
