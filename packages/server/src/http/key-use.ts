import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { clientIp } from '../security/index.js';

// One event per key, site and address per minute: a backend making thousands of data calls with its
// key leaves a readable trail, not a row per call.
const WINDOW_MS = 60_000;
const MAX_REMEMBERED = 10_000;
const noted = new WeakMap<AppContext, Map<string, number>>();

/** Records the use of the server's admin key or a site API key in the authentication event log. */
export function noteKeyUse(
  ctx: AppContext,
  request: FastifyRequest,
  key: { kind: 'admin' | 'site'; siteId: string | undefined; keyName: string },
): void {
  const ip = clientIp(request);
  const now = ctx.now();
  const id = `${key.kind}\u0000${key.siteId ?? ''}\u0000${key.keyName}\u0000${ip}`;
  let lastNoted = noted.get(ctx);
  if (!lastNoted) noted.set(ctx, (lastNoted = new Map()));
  const last = lastNoted.get(id);
  if (last !== undefined && now - last < WINDOW_MS && now >= last) return;
  if (lastNoted.size >= MAX_REMEMBERED) lastNoted.clear();
  lastNoted.set(id, now);
  void ctx.authEvents.record({
    type: key.kind === 'admin' ? 'admin_key_used' : 'api_key_used',
    outcome: 'success',
    // The admin key is server-wide: without a site in the request its use is filed under "*".
    siteId: key.siteId ?? '*',
    ip,
    detail: { keyName: key.keyName, method: request.method, path: String(request.url).split('?')[0]!.slice(0, 200) },
  });
}
