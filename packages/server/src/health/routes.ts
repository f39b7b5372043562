import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { migrations } from '../store/migrations/index.js';
import * as S from './schemas.js';

const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

/**
 * `GET /healthz`: alive, whatever the database says (a liveness probe that failed with the database
 * would restart every instance during a database outage). `GET /readyz`: 200 only while the database
 * answers, this code's migrations are applied and the server is not shutting down; load balancers send
 * traffic on it.
 */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: S.health }, async () => ({ status: 'ok', database: ctx.db.kind }));

  app.get('/readyz', { schema: S.ready }, async (_request, reply) => {
    const checks = { database: false, migrations: false, shuttingDown: ctx.lifecycle?.shuttingDown ?? false };
    try {
      const { rows } = await ctx.db.query<{ version: number | null }>(
        'select max(version) as version from schema_migrations',
      );
      checks.database = true;
      checks.migrations = Number(rows[0]?.version ?? 0) >= LATEST_MIGRATION;
    } catch {
      // The database is unreachable: reported below.
    }
    const ready = checks.database && checks.migrations && !checks.shuttingDown;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...checks });
  });
};
