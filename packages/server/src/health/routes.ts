import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** `GET /healthz`: 200 while the database answers, 503 otherwise (load balancers take us out). */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.db.query('select 1');
      return { status: 'ok', database: ctx.db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: ctx.db.kind });
    }
  });
}
