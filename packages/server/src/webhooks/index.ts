import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppContext } from '../context.js';
import { runOutboxLoop } from '../mail/delivery.js';
import { privateNetworksAllowed } from './config.js';
import { deliverDueWebhooks } from './delivery.js';
import { emittedSoFar } from './emit.js';
import { syncConfigEndpoints } from './endpoints.js';

export { emitEvent, emitEvents } from './emit.js';
export { identityOf, memberIdentity, ownerIdentity } from './events.js';

const BATCH = 50;
/** An idle loop doubles its wait after each empty pass, up to this many times `pollMs`. */
const IDLE_POLL_FACTOR = 8;

/**
 * Starts webhooks on one instance: mirrors the config file's endpoints into the database, delivers
 * the outbox (polling, and at once after a response whose request emitted events: the change has
 * committed by then). `VITRINE_WEBHOOK_DELIVERY=0` keeps an instance from delivering (it still emits).
 */
async function startWebhooks(app: FastifyInstance, ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  await syncConfigEndpoints(ctx.db, ctx.sites.sites, ctx.config.keyEncryptionKey, ctx.now());
  if (process.env.VITRINE_WEBHOOK_DELIVERY === '0') return { stop: async () => {} };
  const settings = ctx.config.webhooks;
  const pollMs = settings?.pollMs ?? 500;
  const loop = runOutboxLoop(
    () =>
      deliverDueWebhooks(ctx.db, {
        now: ctx.now,
        allowPrivateNetworks: privateNetworksAllowed(ctx.config),
        timeoutMs: settings?.timeoutMs,
        batchSize: BATCH,
        keyEncryptionKey: ctx.config.keyEncryptionKey,
        ownerEmail: settings?.ownerEmail,
        siteName: (siteId) => ctx.sites.get(siteId)?.name ?? siteId,
        log: ctx.log,
      }),
    {
      intervalMs: pollMs,
      // Every response that emitted events kicks the loop, so only retries and other instances' leftovers wait
      // for a poll: an idle server polls every 4 s at most instead of twice a second.
      idleMaxMs: pollMs * IDLE_POLL_FACTOR,
      batchSize: BATCH,
      label: 'webhook delivery pass failed',
      log: ctx.log,
    },
  );
  let seen = emittedSoFar();
  // A callback hook, not an async one: it runs after every response, and an async hook costs a promise
  // and microtasks per request (≈ 5 CPU-µs measured on the token endpoint, bench/RESULTS.md).
  app.addHook('onResponse', (_request, _reply, done) => {
    const now = emittedSoFar();
    if (now !== seen) {
      seen = now;
      loop.kick();
    }
    done();
  });
  return { stop: () => loop.stop() };
}

/**
 * The webhook outbox's plugin: its delivery loop starts with the app and stops when the app closes. Not
 * encapsulated (fastify-plugin), because its kick runs after every response of every plugin's routes.
 */
const deliveryPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const loop = await startWebhooks(app, ctx);
  app.addHook('onClose', async () => loop.stop());
};
export const webhookDelivery = fastifyPlugin(deliveryPlugin, { name: 'vitrine-webhook-delivery' });
