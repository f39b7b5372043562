import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { migrations } from '../store/migrations/index.js';
import * as S from './schemas.js';

const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

/**
 * `GET /healthz`: 200 while the database answers, 503 otherwise — the runtime contract (docs/design.md
 * §3.8), which deployments and other tests rely on. `GET /readyz` adds what a rolling deploy needs: 503
 * also while this code's migrations are missing or a shutdown has begun.
 */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: S.health }, async (_request, reply) => {
    try {
      await ctx.db.query('select 1');
      return { status: 'ok', database: ctx.db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: ctx.db.kind });
    }
  });

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
