import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { afterResponse } from '../http/after-response.js';
import { httpErrors, invalidField } from '../errors/wire.js';
import { passwordResetMail } from '../mail/templates.js';
import { enqueueMail } from '../mail/outbox.js';
import { emailKey, clientIp } from '../security/index.js';
import { recordOwnerEvent } from './access.js';
import { isOwnerEmail } from './invite.js';
import { issueLink, LINK_TTL_SECONDS } from './links.js';
import { CONSOLE_NAME, mailSite } from './mails.js';
import { findOwnerByEmail } from './store.js';

// Per address a few mails an hour (an inbox is not a target); per client address more, for shared offices.
const PER_OWNER = { limit: 3, windowSeconds: 3600 };
const PER_IP = { limit: 10, windowSeconds: 900 };

export function resetUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/console/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * POST /_admin/v1/console/password-reset {email}: mails a one-time reset link (30 min) to an owner who
 * has a password. The answer is the same whether or not the address is an owner's, and leaves before
 * the lookup and the mail happen (afterResponse), so neither its words nor its timing tell (no
 * enumeration). Requests count per client address (429) and per address (over the limit: no mail).
 */
export async function requestPasswordReset(ctx: AppContext, request: FastifyRequest) {
  const input = (request.body ?? {}) as Record<string, unknown>;
  if (!isOwnerEmail(input.email)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL');
  const email = input.email.trim();
  const perIp = await ctx.limiter.hit(`ip:owner-reset:${clientIp(request)}`, PER_IP);
  if (!perIp.allowed) throw httpErrors.tooManyRequests(perIp.retryAfterSeconds);
  afterResponse(ctx, 'owner password reset mail', async () => {
    const owner = await findOwnerByEmail(ctx.db, email);
    const perOwner = await ctx.limiter.hit(`owner-reset:${emailKey(email)}`, PER_OWNER);
    const reason = !owner ? 'unknown_owner' : owner.passwordHash === null ? 'no_password' : undefined;
    if (reason || !perOwner.allowed) {
      await recordOwnerEvent(ctx, request, {
        type: 'password_reset',
        outcome: 'refused',
        email,
        owner,
        detail: { step: 'requested', reason: reason ?? 'too_many_mails' },
      });
      return;
    }
    await ctx.db.transaction(async (tx) => {
      const token = await issueLink(tx, owner!.id, 'reset', ctx.now());
      const minutes = LINK_TTL_SECONDS.reset / 60;
      const mail = passwordResetMail('en', CONSOLE_NAME, resetUrlFor(ctx.config.publicUrl, token), minutes);
      await enqueueMail(tx, { siteId: mailSite(ctx, owner!), kind: 'owner-password-reset', to: owner!.email, ...mail });
    });
    await recordOwnerEvent(ctx, request, {
      type: 'password_reset',
      outcome: 'success',
      email,
      owner,
      detail: { step: 'requested' },
    });
  });
  return {};
}
