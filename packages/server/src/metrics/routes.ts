/**
 * Wiring of the metrics (metrics.ts): the request timer on every route, `GET /metrics` on the public
 * port when `metrics.public` is on (admin key required), and the metrics-only listener of `metrics.port`.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { parseAuthorization } from '../http/resolve-caller.js';
import type { MetricsSettings } from '../config/metrics.js';
import type { Metrics } from './metrics.js';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function installMetrics(app: FastifyInstance, ctx: AppContext, metrics: Metrics, settings?: MetricsSettings) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!settings?.public) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const { token, apiKey } = parseAuthorization(request.headers.authorization);
    if (!ctx.apiKeys.isAdminKey(apiKey ?? token ?? ''))
      throw appError('UNAUTHORIZED', {
        description: "The server's admin key is required: Authorization: Bearer <adminKey>",
      });
    return send(ctx, metrics, reply);
  });
}

/**
 * The metrics-only listener (`metrics.port`): `/metrics` and nothing else, no key asked. It binds to the
 * loopback interface unless `metrics.host` names another: an unguarded port on the server's public
 * interface (HOST defaults to 0.0.0.0) would serve every visitor the shop's traffic (audit V5-11).
 */
export async function listenForMetrics(
  ctx: AppContext,
  metrics: Metrics,
  settings: MetricsSettings & { port: number },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', (_request: FastifyRequest, reply: FastifyReply) => send(ctx, metrics, reply));
  await server.listen({ port: settings.port, host: settings.host ?? METRICS_DEFAULT_HOST });
  return server;
}

export const METRICS_DEFAULT_HOST = '127.0.0.1';

async function send(ctx: AppContext, metrics: Metrics, reply: FastifyReply): Promise<string> {
  reply.header('content-type', CONTENT_TYPE).header('cache-control', 'no-store');
  return metrics.render(new Date(ctx.now()));
}
