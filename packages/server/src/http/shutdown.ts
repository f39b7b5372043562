import type { FastifyInstance } from 'fastify';

/**
 * `app.close()`, with idle keep-alive connections closed for as long as it waits. Fastify closes the idle
 * ones once, when closing starts; a connection whose response was still being written then becomes idle a
 * moment later, and would hold the close until the client or the keep-alive timeout (72 s) ends it.
 * Bounded: after `timeoutMs` the connections still open are cut, so a hung request cannot hold a deploy.
 */
export async function closeGracefully(
  app: FastifyInstance,
  options: { sweepMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), options.sweepMs ?? 50);
  sweep.unref();
  const cut =
    options.timeoutMs === undefined || options.timeoutMs <= 0
      ? undefined
      : setTimeout(() => app.server.closeAllConnections(), options.timeoutMs);
  cut?.unref();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    if (cut) clearTimeout(cut);
  }
}
