import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerHostedRoutes } from '../hosted/routes.js';
import { perIpLimit } from '../security/rate-limit-hook.js';
import { createRedirectSession } from './redirect-sessions.js';

/**
 * Issue #4: redirect sessions and the hosted sign-in / logout pages behind their fullUrl (their codes are
 * exchanged by the token endpoint's authorization_code grant, oauth/routes.ts).
 */
export function registerRedirectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limiter = ctx.limiter;
  const perMinute = redirectSessionLimit();
  const options = perMinute > 0 ? { preHandler: perIpLimit(limiter, { name: 'redirect-session', limit: perMinute, windowSeconds: 60, style: 'envelope' }) } : {};
  for (const path of ['/_api/redirects-api/v1/redirect-session', '/headless/v1/redirect-session']) {
    app.post(path, options, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createRedirectSession(ctx, request);
    });
  }
  registerHostedRoutes(app, ctx, limiter);
  // Spent and expired rows are of no further use; an hourly sweep keeps the tables small.
  // (api_key_audit is kept: it is the audit trail.)
  const sweep = async () => {
    const cutoff = new Date(ctx.now() - 24 * 3600 * 1000);
    for (const table of ['redirect_sessions', 'authorization_codes', 'browser_sessions']) {
      await ctx.db.query(`delete from ${table} where expires_at < $1`, [cutoff]).catch(() => {});
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), 3600 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Redirect sessions per IP and minute; `VITRINE_REDIRECT_RATE_LIMIT=0` turns the limit off (benchmarks). */
function redirectSessionLimit(): number {
  const raw = process.env.VITRINE_REDIRECT_RATE_LIMIT;
  const n = raw === undefined ? 300 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 300;
}
