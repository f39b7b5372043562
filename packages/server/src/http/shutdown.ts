import type { FastifyInstance } from 'fastify';

/**
 * `app.close()`, with idle keep-alive connections closed for as long as it waits. Fastify closes the idle
 * ones once, when closing starts; a connection whose response was still being written then becomes idle a
 * moment later, and would hold the close until the client or the keep-alive timeout (72 s) ends it.
 */
export async function closeGracefully(app: FastifyInstance, sweepMs = 50): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), sweepMs);
  sweep.unref();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
