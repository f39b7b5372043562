import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config/types.js';
import type { Metrics } from './metrics/metrics.js';
import type { SiteRegistry } from './sites/registry.js';
import type { ReadRouting } from './store/read-replica.js';
import type { Database } from './store/types.js';
import type { TokenService } from './oauth/token-service.js';
import type { ApiKeyVerifier, AuthEventLog, RateLimiter } from './security/index.js';

/**
 * Everything a route module needs, built once at start and passed to each `register…Routes`.
 * Holds no per-request state: instances stay stateless, the database is the source of truth.
 */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  /** DATABASE_READ_URL: data reads routed to a replica (store/read-replica.ts); absent without one. */
  reads?: ReadRouting | undefined;
  sites: SiteRegistry;
  tokens: TokenService;
  apiKeys: ApiKeyVerifier;
  /** Shared counters (database, or Redis with REDIS_URL): one connection per instance for every limit. */
  limiter: RateLimiter;
  /** The authentication event log (sign-ins, lockouts, revocations, key uses): database + log lines. */
  authEvents: AuthEventLog;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; replaceable in tests that need to move time. */
  now: () => number;
  /** Counters and histograms of `/metrics` (metrics/); absent in contexts built by hand (tests). */
  metrics?: Metrics;
  /** `shuttingDown` turns true on SIGTERM (and close): `/readyz` then answers 503. */
  lifecycle?: { shuttingDown: boolean };
}
