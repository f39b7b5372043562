import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { registerDevMailboxRoutes } from './dev-mailbox.js';
import { registerDevPhoneRoutes } from '../phone/dev-phone.js';
import { runDeliveryLoop, smtpSender, type MailSender } from './delivery.js';

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

export interface MailDeliveryOptions {
  intervalMs?: number;
  /** Replaces SMTP (tests of failure paths). */
  sender?: MailSender;
}

/**
 * Starts delivering the outbox through SMTP when `SMTP_URL` is configured; without it the mail
 * stays in the outbox (and the dev mailbox) and this is a no-op.
 */
export function startMailDelivery(
  ctx: AppContext,
  options: MailDeliveryOptions = {},
): { stop(): Promise<void>; kick(): void } {
  const sender =
    options.sender ?? (ctx.config.smtpUrl ? smtpSender(ctx.config.smtpUrl, { ca: ctx.config.smtpCa }) : undefined);
  if (!sender) return { stop: async () => {}, kick: () => {} };
  const host = safeHost(ctx.config.publicUrl);
  return runDeliveryLoop(ctx.db, sender, {
    from: process.env.MAIL_FROM || `Vitrine <no-reply@${host}>`,
    fromFor: (siteId) => ctx.sites.get(siteId)?.mail?.from,
    baseUrl: () => ctx.config.publicUrl,
    now: ctx.now,
    log: ctx.log,
    // With the dev mailbox on, delivered bodies stay readable there; otherwise codes and links are erased.
    scrubDelivered: !ctx.config.devMailbox,
    intervalMs: options.intervalMs ?? (ctx.config.production ? 2_000 : 250),
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
