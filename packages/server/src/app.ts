import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/types.js';
import { settingsRoutes } from './settings/routes.js';
import type { AppContext } from './context.js';
import { adminRoutes } from './admin/routes.js';
import { backupRoutes } from './backup/routes.js';
import { consoleRoutes } from './console/routes.js';
import { dataRoutes, seedCollections, buildDeclaredIndexes, buildSearchIndexes } from './data/index.js';
import { mediaRoutes } from './media/routes.js';
import { graphqlRoutes } from './graphql/routes.js';
import { healthRoutes } from './health/routes.js';
import { Metrics, timedDatabase } from './metrics/metrics.js';
import { installMetrics, listenForMetrics } from './metrics/routes.js';
import { genReqId, installHttpConventions } from './http/install.js';
import { ajvOptions } from './http/schemas/ajv.js';
import { sharedCompilers } from './http/schemas/compilers.js';
import { registerOpenApi } from './http/schemas/openapi.js';
import { installTextPolicy } from './http/schemas/text-policy.js';
import { wixSchemaErrorFormatter } from './http/schemas/schema-errors.js';
import { settleAfterResponse } from './http/after-response.js';
import { identityRoutes } from './identity/index.js';
import { mailRoutes } from './mail/index.js';
import { keyRoutes } from './oauth/key-routes.js';
import { KeyRing } from './oauth/keys.js';
import { signInRoutes } from './sign-in/routes.js';
import { accountRoutes } from './sign-in/account/routes.js';
import { tokenRoutes } from './oauth/routes.js';
import { ownerRoutes } from './owners/routes.js';
import { TokenService } from './oauth/token-service.js';
import {
  ApiKeyVerifier,
  AuthEventLog,
  batchedLimiter,
  fastifyTrustProxy,
  createRateLimiter,
  reportAuditGuard,
} from './security/index.js';
import {
  catalogAdminRoutes,
  commerceAdminRoutes,
  ecomRoutes,
  paymentRoutes,
  recommendationRoutes,
  seedDemoShops,
  storesProductsCollection,
  storesV1Routes,
  storesV3Routes,
  vitrineCommerceRoutes,
} from './commerce/index.js';
import { SiteRegistry } from './sites/registry.js';
import { migrate } from './store/migrate.js';
import { rekeyEmails } from './members/index.js';
import { closeGracefully } from './http/shutdown.js';
import { openDatabase, openReadReplica } from './store/open.js';
import { migrateAndReopen } from './store/pglite-reopen.js';
import type { ReadRouting } from './store/read-replica.js';
import type { Database } from './store/types.js';
import { storefrontRoutes } from './storefront/routes.js';
import { seoRoutes } from './storefront/seo-routes.js';
import { webhookDelivery } from './webhooks/index.js';
import { named } from './http/named-plugin.js';

export interface CreateAppOptions {
  config: ServerConfig;
  /** An already open database (tests share one); otherwise opened from the config. */
  db?: Database;
  /** pino level; `silent` in tests. */
  logLevel?: string;
  /** Where log lines go (default standard output); test servers read them for double replies. */
  logStream?: { write(line: string): void };
  now?: () => number;
  /** Run the outbox delivery loop (default true); its poll interval in ms. */
  mailDelivery?: boolean;
  mailPollMs?: number;
}

export interface VitrineApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops background work, the HTTP server and (when this app opened it) the database. */
  close(): Promise<void>;
}

// What never reaches a log line: credentials, cookies, and the query string (reset and session tokens ride in it).
const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Builds the whole server: storage, keys, every route. Listening is the caller's choice. */
export async function createApp(options: CreateAppOptions): Promise<VitrineApp> {
  const { config } = options;
  const ownsDb = !options.db;
  // An embedded database a start migrated is opened again, without what the migrations left in its heap.
  const opened =
    options.db ??
    (
      await migrateAndReopen(
        await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.database }),
        config.databaseUrl ? undefined : config.dataDir,
      )
    ).db;
  const metrics = new Metrics(opened);
  const db = timedDatabase(opened, metrics);
  const lifecycle = { shuttingDown: false };
  let metricsServer: FastifyInstance | undefined;
  const now = options.now ?? Date.now;
  let reads: ReadRouting | undefined;
  try {
    await migrate(db);
    const app = Fastify({
      genReqId,
      bodyLimit: config.bodyLimit,
      // While closing, requests on open connections are still served (a 503 there would be an error a
      // client sees during every deploy); new connections are refused and idle ones closed.
      return503OnClosing: false,
      // A hop count or the proxies' addresses (TRUST_PROXY): never "every hop", which lets clients pick their address.
      trustProxy: fastifyTrustProxy(config.trustProxy),
      // Request schemas (http/schemas/): failures answer in the wire contract's envelopes, not Fastify's.
      ajv: ajvOptions,
      schemaController: { compilersFactory: sharedCompilers },
      schemaErrorFormatter: wixSchemaErrorFormatter,
      // One log line per request costs throughput on the token endpoint; opt in with LOG_REQUESTS=1.
      logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== '1' }),
      logger: {
        level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
        redact: LOG_REDACT,
        serializers: { req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split('?')[0] }) },
        ...(options.logStream ? { stream: options.logStream } : {}),
      },
    });
    // Stored email keys follow today's normalisation (audit S-8); clashes are listed, never merged.
    await rekeyEmails(db, app.log, new Date(now()));
    await reportAuditGuard(db, app.log);
    const keys = await KeyRing.open(db, {
      encryptionKey: config.keyEncryptionKey,
      rotationDays: config.keyRotationDays,
      maxTokenTtlSeconds: Math.max(...config.sites.map((s) => s.tokens.accessTokenTtl)),
      now,
      log: app.log,
    });
    const sites = new SiteRegistry(config.sites);
    const limiter = createRateLimiter({ db, redisUrl: config.redisUrl, now });
    reads = await openReadReplica(db, config.databaseReadUrl, config.database, app.log);
    const ctx: AppContext = {
      config,
      db,
      reads,
      sites,
      tokens: new TokenService(db, keys, config, now),
      apiKeys: new ApiKeyVerifier(config.adminKey, config.sites, { db, now }),
      limiter,
      authEvents: new AuthEventLog(db, app.log, now, (event) => metrics.authEvent(event)),
      log: app.log,
      now,
      metrics,
      lifecycle,
    };
    // Before any route: every request schema gets its character policy (audit S-6), the API description included.
    installTextPolicy(app);
    await registerOpenApi(app, { publicUrl: config.publicUrl });
    installHttpConventions(app, { sites, https: config.publicUrl.startsWith('https:') });
    await app.register(import('@fastify/cookie'), { hook: false }); // parsed on demand: http/cookies.ts, README "Cookies"
    installMetrics(app, ctx, metrics, config.metrics);
    await app.register(named(healthRoutes), { ctx });
    // The token endpoint is the hottest route: its per-IP counts reach the shared store in batches.
    await app.register(named(tokenRoutes), { ctx, limiter: batchedLimiter(limiter, { now }) });
    await app.register(named(keyRoutes), { ctx });
    // Before the routes that read a site: the console's settings are in force from the first request.
    await app.register(named(settingsRoutes), { ctx });
    await app.register(named(identityRoutes), { ctx });
    await app.register(named(signInRoutes), { ctx });
    await app.register(named(accountRoutes), { ctx });
    await app.register(named(adminRoutes), { ctx });
    await app.register(named(backupRoutes), { ctx });
    await app.register(named(ownerRoutes), { ctx });
    await app.register(named(consoleRoutes), { ctx });
    await app.register(named(mailRoutes), {
      ctx,
      delivery:
        options.mailDelivery === false ? false : { ...(options.mailPollMs ? { intervalMs: options.mailPollMs } : {}) },
    });
    // The catalog as Wix exposes it to data code: `Stores/Products`, read-only, through the one data service.
    await app.register(named(dataRoutes), { ctx, modules: [storesProductsCollection(() => ctx.config.publicUrl)] });
    await app.register(named(mediaRoutes), { ctx });
    await app.register(named(graphqlRoutes), { ctx });
    await app.register(named(storesV1Routes), { ctx });
    await app.register(named(storesV3Routes), { ctx });
    await app.register(named(recommendationRoutes), { ctx });
    await app.register(named(catalogAdminRoutes), { ctx });
    // The commerce module's eCom wire (carts, checkouts, orders) for the unmodified @wix/ecom client.
    await app.register(named(ecomRoutes), { ctx });
    // What Vitrine's storefront reads beside the wire: delivery methods, an order by its mail's link.
    await app.register(named(vitrineCommerceRoutes), { ctx });
    await app.register(named(commerceAdminRoutes), { ctx });
    // Payments (docs/payments.md): the shopper's start, Stripe's webhook, the dev page (never in production), refunds.
    await app.register(named(paymentRoutes), { ctx });
    await app.register(named(seoRoutes), { ctx });
    await app.register(named(storefrontRoutes), { ctx });
    await seedCollections(ctx);
    await seedDemoShops({ db, sites: config.sites, now, log: app.log });
    // Before serving: a unique index holds from the first request (data/declared-indexes.ts).
    await buildDeclaredIndexes(db, ctx.config.sites, ctx.log);
    // Not awaited: search indexes build in the background; a `$search` on a large collection answers 503 until then.
    void buildSearchIndexes(db, ctx.config.sites, ctx.log);
    // After the seed, as before: the config's endpoints are mirrored into the database when delivery starts.
    await app.register(named(webhookDelivery), { ctx });
    const metricsPort = config.metrics?.port;
    if (metricsPort) metricsServer = await listenForMetrics(ctx, metrics, { ...config.metrics!, port: metricsPort });
    return {
      app,
      ctx,
      async close() {
        // Requests in flight finish and the plugins' background jobs stop first (app.close); then the
        // deferred work they left settles, before its events and counters are flushed and the stores close.
        lifecycle.shuttingDown = true;
        await closeGracefully(app, { timeoutMs: config.shutdownTimeoutMs ?? 10_000 });
        await metricsServer?.close();
        await settleAfterResponse(db);
        await limiter.close();
        await ctx.authEvents.close();
        await reads?.close();
        if (ownsDb) await db.close();
      },
    };
  } catch (error) {
    await metricsServer?.close().catch(() => {});
    await reads?.close().catch(() => {});
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
}
