import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { registerDevMailboxRoutes } from './dev-mailbox.js';
import { registerDevPhoneRoutes } from '../phone/dev-phone.js';
import { privateNetworksAllowed } from '../http/outbound/index.js';
import { runDeliveryLoop, smtpSender, type DeliveryLoop, type MailSender } from './delivery.js';
import { onMailEnqueued } from './outbox.js';
import { siteRelaySender } from './site-relay.js';

export { enqueueMail, listMail, type OutgoingMail, type StoredMail } from './outbox.js';

/**
 * Mail: the dev mailbox's routes (only when it is on) and the outbox's delivery loop, which starts with
 * the app and stops when it closes (`delivery: false` leaves the outbox undelivered: tests that read it).
 */
export const mailRoutes: FastifyPluginAsync<{ ctx: AppContext; delivery?: MailDeliveryOptions | false }> = async (
  app,
  { ctx, delivery },
) => {
  if (ctx.config.devMailbox) registerDevMailboxRoutes(app, ctx);
  // The dev phone shows sign-in codes: beside the dev mailbox, and never in production whatever the config says.
  if (ctx.config.devMailbox && !ctx.config.production) registerDevPhoneRoutes(app, ctx);
  if (delivery === false) return;
  const loop = startMailDelivery(ctx, delivery ?? {});
  app.addHook('onClose', async () => loop.stop());
};

/** An idle loop doubles its wait after each empty pass, up to this many times its interval. */
const IDLE_POLL_FACTOR = 8;

export interface MailDeliveryOptions {
  intervalMs?: number;
  /** Replaces SMTP (tests of failure paths). */
  sender?: MailSender;
}

/**
 * Starts delivering the outbox. A site with its own mail server (`mail.smtpHost`, console-editable) sends
 * through it; every other site through the operator's `SMTP_URL`. Without `SMTP_URL`, only the mail of sites
 * with a relay of their own is delivered; the rest stays in the outbox (and the dev mailbox), as before.
 * The relay is read at each send: a change in the console needs no restart.
 */
export function startMailDelivery(ctx: AppContext, options: MailDeliveryOptions = {}): DeliveryLoop {
  const operator =
    options.sender ?? (ctx.config.smtpUrl ? smtpSender(ctx.config.smtpUrl, { ca: ctx.config.smtpCa }) : undefined);
  const relayOf = (siteId: string | undefined) => {
    const smtp = siteId ? ctx.sites.get(siteId)?.mail?.smtp : undefined;
    return smtp && siteRelaySender(smtp, { allowPrivate: privateNetworksAllowed(ctx.config), ca: ctx.config.smtpCa });
  };
  const sender: MailSender = {
    async send(mail) {
      const relay = relayOf(mail.siteId) ?? operator;
      if (!relay) throw new Error('no mail server: neither the site nor the server (SMTP_URL) sets one');
      await relay.send(mail);
    },
    close: () => operator?.close(),
  };
  const intervalMs = options.intervalMs ?? (ctx.config.production ? 2_000 : 250);
  const loop = runDeliveryLoop(ctx.db, sender, {
    from: serverSender(ctx),
    fromFor: (siteId) => ctx.sites.get(siteId)?.mail?.from,
    baseUrl: () => ctx.config.publicUrl,
    ...(operator ? {} : { deliverableSites: () => ctx.sites.sites.filter((s) => s.mail?.smtp).map((s) => s.id) }),
    now: ctx.now,
    log: ctx.log,
    // With the dev mailbox on, delivered bodies stay readable there; otherwise codes and links are erased.
    scrubDelivered: !ctx.config.devMailbox,
    intervalMs,
    // Every mail this process queues brings the loop back to its interval (onMailEnqueued below), so only mail
    // queued by another process (an instance not delivering, the CLI) waits for the idle maximum: an idle
    // development server polled 4 times a second, a production one every 2 s.
    idleMaxMs: intervalMs * IDLE_POLL_FACTOR,
  });
  const unsubscribe = onMailEnqueued(() => loop.soon());
  return {
    kick: () => loop.kick(),
    soon: () => loop.soon(),
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}

/** The sender of mail whose site names none: MAIL_FROM, else "Vitrine <no-reply@<public host>>". */
export const serverSender = (ctx: AppContext) =>
  process.env.MAIL_FROM || `Vitrine <no-reply@${safeHost(ctx.config.publicUrl)}>`;

function safeHost(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
