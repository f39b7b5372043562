import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import * as S from './schemas.js';

/** `GET /healthz`: 200 while the database answers, 503 otherwise (load balancers take us out). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: S.health }, async (_request, reply) => {
    try {
      await ctx.db.query('select 1');
      return { status: 'ok', database: ctx.db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: ctx.db.kind });
    }
  });
};
