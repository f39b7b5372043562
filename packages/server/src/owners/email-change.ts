import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { httpErrors, invalidField } from '../errors/wire.js';
import { emailKey, requireConfirmedEmail, verifyPassword } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { currentOwner, recordOwnerEvent } from './access.js';
import { isOwnerEmail } from './invite.js';
import { issueLink, LINK_TTL_SECONDS, lookUpLink, spendLink } from './links.js';
import { mailEmailChanged, mailEmailConfirmation } from './mails.js';
import { claimTotpStep, findOwnerByEmail, ownerView, setOwnerEmail, type Owner } from './store.js';
import { matchingStep } from './two-factor.js';

// A signed-in owner asks a few times an hour at most: each request mails an address they typed.
const PER_OWNER = { limit: 5, windowSeconds: 3600 };

export function confirmEmailUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/console/confirm-email?token=${encodeURIComponent(token)}`;
}

const body = (request: FastifyRequest) =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

/** The address an owner may take: well-formed, not confusable, not another owner's. */
async function checkNewEmail(q: Queryable, owner: Owner, value: unknown): Promise<string> {
  if (!isOwnerEmail(value)) throw invalidField('newEmail', 'must be a valid email', 'INVALID_EMAIL');
  requireConfirmedEmail(value, 'newEmail');
  const email = value.trim();
  if (emailKey(email) === emailKey(owner.email))
    throw invalidField('newEmail', 'is your address already', 'INVALID_EMAIL');
  const other = await findOwnerByEmail(q, email);
  if (other && other.id !== owner.id) throw appError('OWNER_EMAIL_TAKEN');
  return email;
}

/**
 * POST /_admin/v1/console/email-change {newEmail, password, code?}: the signed-in owner (any role) asks to
 * sign in with another address. They type their password again (and a code when two-factor is on), so an
 * unattended session cannot move the account; nothing changes until the link mailed to the new address
 * (24 h, once) is opened. A newer request replaces the earlier link.
 */
export async function requestEmailChange(ctx: AppContext, request: FastifyRequest) {
  const { owner } = await currentOwner(ctx, request);
  const input = body(request);
  if (typeof input.password !== 'string' || !input.password || input.password.length > 256)
    throw invalidField('password', 'is required', 'REQUIRED');
  const limit = await ctx.limiter.hit(`owner-email-change:${owner.id}`, PER_OWNER);
  if (!limit.allowed) throw httpErrors.tooManyRequests(limit.retryAfterSeconds);
  const refused = (reason: string) =>
    recordOwnerEvent(ctx, request, {
      type: 'owner_action',
      outcome: 'refused',
      email: owner.email,
      owner,
      detail: { action: 'change_email', reason },
    });
  if (!(await verifyPassword(owner.passwordHash, input.password))) {
    await refused('bad_password');
    throw appError('INVALID_CREDENTIALS', { description: 'Wrong password' });
  }
  if (owner.totpEnabled) {
    const step = typeof input.code === 'string' ? matchingStep(ctx.config, owner, input.code, ctx.now()) : undefined;
    if (step === undefined || !(await claimTotpStep(ctx.db, owner.id, step))) {
      await refused('bad_code');
      throw appError('INVALID_TWO_FACTOR_CODE', {
        description: 'Type a code from your authenticator app to confirm it is you',
        status: 400,
      });
    }
  }
  const newEmail = await checkNewEmail(ctx.db, owner, input.newEmail);
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(tx, owner.id, 'email', ctx.now(), newEmail);
    await mailEmailConfirmation(ctx, tx, owner, newEmail, confirmEmailUrlFor(ctx.config.publicUrl, token));
  });
  await recordOwnerEvent(ctx, request, {
    type: 'owner_action',
    outcome: 'success',
    email: owner.email,
    owner,
    detail: { action: 'change_email', step: 'requested', to: newEmail },
  });
  return {
    pendingEmail: newEmail,
    expiresDate: new Date(ctx.now() + LINK_TTL_SECONDS.email * 1000).toISOString(),
  };
}

/** A link that cannot confirm, saying why. */
function refusal(state: 'used' | 'expired' | undefined) {
  if (!state) return appError('INVALID_SETUP_LINK');
  return state === 'used'
    ? appError('SETUP_LINK_USED', { description: 'This link was used already: the new address is in force.' })
    : appError('SETUP_LINK_EXPIRED', {
        description: 'This link expired (it lasts 24 hours). Ask for a new one under Your account in the console.',
      });
}

const tokenOf = (value: unknown): string => {
  if (typeof value !== 'string' || !value || value.length > 100) throw invalidField('token', 'is required', 'REQUIRED');
  return value;
};

/** GET /_admin/v1/console/email-change?token=: which account and which address, before it is confirmed. */
export async function describeEmailLink(ctx: AppContext, token: unknown) {
  const link = await lookUpLink(ctx.db, tokenOf(token), ctx.now());
  if (!link || link.purpose !== 'email' || !link.newEmail) throw refusal(undefined);
  if (link.state !== 'live') throw refusal(link.state);
  return { email: link.owner.email, newEmail: link.newEmail, expiresDate: link.expiresAt.toISOString() };
}

/**
 * POST /_admin/v1/console/email-change/confirm {token}: opening the mailed link proves the new address is
 * the owner's; it becomes their sign-in address at once (sessions stay), the old address is told (a change
 * they did not make is their cue to act) and the audit log keeps both.
 */
export async function confirmEmailChange(ctx: AppContext, request: FastifyRequest) {
  const token = tokenOf(body(request).token);
  const link = await lookUpLink(ctx.db, token, ctx.now());
  if (!link || link.purpose !== 'email' || !link.newEmail) throw refusal(undefined);
  if (link.state !== 'live') throw refusal(link.state);
  const changed = await ctx.db.transaction(async (tx) => {
    const spent = await spendLink(tx, token, ctx.now());
    if (!spent?.newEmail || spent.purpose !== 'email') return undefined;
    const newEmail = await checkNewEmail(tx, spent.owner, spent.newEmail);
    await setOwnerEmail(tx, spent.owner.id, newEmail, ctx.now());
    await mailEmailChanged(ctx, tx, spent.owner, newEmail);
    return { before: spent.owner, owner: { ...spent.owner, email: newEmail } };
  });
  if (!changed) throw refusal((await lookUpLink(ctx.db, token, ctx.now()))?.state === 'used' ? 'used' : 'expired');
  await recordOwnerEvent(ctx, request, {
    type: 'owner_action',
    outcome: 'success',
    email: changed.owner.email,
    owner: changed.owner,
    detail: { action: 'change_email', step: 'confirmed', from: changed.before.email, to: changed.owner.email },
  });
  return { owner: ownerView(changed.owner) };
}
