import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { invalidField, ValidationError } from '../errors/wire.js';
import { emailKey, hashPassword, passwordViolation, requireConfirmedEmail } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { mustEnrolTwoFactor, recordOwnerEvent } from './access.js';
import { isOwnerEmail } from './invite.js';
import { mailPasswordChanged } from './mails.js';
import { lookUpLink, spendLink, type LinkPurpose, type OwnerLink } from './links.js';
import { csrfTokenFor, startOwnerSession } from './sessions.js';
import { findOwnerByEmail, ownerView, setOwnerEmail, setOwnerPassword } from './store.js';

const tokenOf = (value: unknown): string => {
  if (typeof value !== 'string' || !value || value.length > 100) throw invalidField('token', 'is required', 'REQUIRED');
  return value;
};

/**
 * A link that cannot be used, saying why and for whom (the holder of the link may know whose it is): a
 * used one points to signing in or "Forgot password", an expired one to asking for a new link.
 */
function refusal(link: OwnerLink | undefined) {
  if (!link) return appError('INVALID_SETUP_LINK');
  const email = link.owner.email;
  if (link.state === 'used' || (link.purpose === 'setup' && link.owner.passwordHash !== null))
    return appError('SETUP_LINK_USED', {
      description: `This link was used already: ${email} has a password. Sign in with it, or choose "Forgot your password?" on the sign-in page.`,
      data: { email, purpose: link.purpose },
    });
  return appError('SETUP_LINK_EXPIRED', {
    description:
      link.purpose === 'reset'
        ? `This password reset link for ${email} expired (it lasts 30 minutes). Ask for a new one with "Forgot your password?" on the sign-in page.`
        : `This setup link for ${email} expired (it lasts 24 hours). Ask an owner of the shop to invite you again, or run npx vitrine owners add ${email} on the server.`,
    data: { email, purpose: link.purpose },
  });
}

/** A live setup or reset link (an `email` link confirms an address, email-change.ts, and sets no password). */
function usable(link: OwnerLink | undefined): link is OwnerLink & { purpose: 'setup' | 'reset' } {
  if (link?.purpose === 'email') return false;
  return !!link && link.state === 'live' && !(link.purpose === 'setup' && link.owner.passwordHash !== null);
}

/** GET /_admin/v1/console/setup?token=: whose link this is and what it does, before anything is typed. */
export async function describeLink(ctx: AppContext, token: unknown) {
  const link = await lookUpLink(ctx.db, tokenOf(token), ctx.now());
  if (!usable(link)) throw refusal(link?.purpose === 'email' ? undefined : link);
  return {
    email: link.owner.email,
    role: link.owner.role,
    purpose: link.purpose,
    // The first start's link is for whoever runs the server: they give their own address (issue #53).
    emailChoosable: link.firstStart,
    expiresDate: link.expiresAt.toISOString(),
    // Production asks every owner for an authenticator right after the password (access.ts).
    twoFactorNext: mustEnrolTwoFactor(ctx, link.owner),
  };
}

/**
 * POST /_admin/v1/console/setup {token, password}: a setup link sets the first password (once, within
 * 24 h); a reset link replaces a forgotten one (once, within 30 min). Either ends the owner's other
 * sessions and unused links, then signs the owner in here (the cookie and the CSRF value), except an
 * owner with an authenticator, who signs in with the new password and a code (`signInNext`).
 */
export async function setPasswordFromLink(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const input = (request.body ?? {}) as Record<string, unknown>;
  const token = tokenOf(input.token);
  // Checked before the token is spent, so a refused password leaves the link usable.
  const link = await lookUpLink(ctx.db, token, ctx.now());
  // A setup link never replaces a password (S-14): one issued before that rule (or raced) is refused here too.
  if (!usable(link)) throw refusal(link?.purpose === 'email' ? undefined : link);
  const chosenEmail = await chosenEmailOf(ctx.db, link, input.email);
  const email = chosenEmail ?? link.owner.email;
  const violation = passwordViolation(input.password, 'password', { email });
  if (violation) throw new ValidationError([violation], `password: ${violation.description}`);
  const passwordHash = await hashPassword(input.password as string);
  const spent = await ctx.db.transaction(async (tx) => {
    const used = await spendLink(tx, token, ctx.now());
    if (!used || used.purpose === 'email' || (used.purpose === 'setup' && used.owner.passwordHash !== null))
      return undefined;
    if (chosenEmail) await setOwnerEmail(tx, used.owner.id, chosenEmail, ctx.now());
    await setOwnerPassword(tx, used.owner.id, passwordHash, ctx.now());
    if (used.purpose === 'reset') await mailPasswordChanged(ctx, tx, used.owner);
    return { ...used, owner: { ...used.owner, email } };
  });
  if (!spent) throw refusal(await lookUpLink(ctx.db, token, ctx.now()));
  const owner = { ...spent.owner, passwordHash };
  await recordOwnerEvent(ctx, request, {
    type: spent.purpose === 'reset' ? 'password_reset' : 'password_changed',
    outcome: 'success',
    email: owner.email,
    owner,
    detail: {
      via: viaOf(spent.purpose),
      otherSessionsEnded: true,
      ...(chosenEmail ? { emailChosen: true, before: link.owner.email } : {}),
    },
  });
  // Mail alone must not pass the second factor: an owner with an authenticator signs in with it next.
  if (owner.totpEnabled) return { owner: ownerView(owner), signInNext: true };
  const sessionToken = await startOwnerSession(ctx, reply, owner.id);
  await recordOwnerEvent(ctx, request, {
    type: 'owner_sign_in',
    outcome: 'success',
    email: owner.email,
    owner,
    detail: { via: viaOf(spent.purpose) },
  });
  return { owner: ownerView(owner), csrfToken: csrfTokenFor(ctx, sessionToken) };
}

const viaOf = (purpose: LinkPurpose) => (purpose === 'reset' ? 'reset_link' : 'setup_link');

/**
 * The address the first owner typed on the first start's link, when it differs from the one the start used
 * (`VITRINE_OWNER_EMAIL` or owner@localhost); undefined to keep that one. Other links name their owner: an
 * address there is refused, not ignored.
 */
async function chosenEmailOf(q: Queryable, link: OwnerLink, value: unknown): Promise<string | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isOwnerEmail(value)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL');
  requireConfirmedEmail(value, 'email');
  const email = value.trim();
  if (emailKey(email) === emailKey(link.owner.email)) return undefined;
  if (!link.firstStart)
    throw invalidField(
      'email',
      'is set by the invitation: change it under Your account once signed in',
      'INVALID_EMAIL',
    );
  const other = await findOwnerByEmail(q, email);
  if (other && other.id !== link.owner.id) throw appError('OWNER_EMAIL_TAKEN');
  return email;
}
