/**
 * A signed-in member changes their sign-in email address (issue #34, docs/account-pages.md#email-address).
 * Two steps, both as the member's own session:
 * 1. `startEmailChange` — the new address and the proof of `change-password` (a sign-in within the last
 *    10 minutes, or the current password). A 6-digit code goes to the new address, valid 15 minutes. If
 *    that address already has an account on the site, it gets a mail saying so instead of a code, and
 *    the answer is the same: the page never tells whether an address is taken.
 * 2. `confirmEmailChange` — the code. The address changes (and counts as verified: the code proved the
 *    member reads it), the old address gets a notice, `member.updated` (and `member.email_verified` when it
 *    was not verified before) goes to the webhooks.
 * Five wrong codes end the change. Provider identities stay linked (they are linked by subject, not address).
 */
import { randomBytes } from 'node:crypto';
import { appError } from '../../errors/catalogue.js';
import { httpErrors, invalidField } from '../../errors/wire.js';
import { mailLanguage } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import { verificationCodeMail } from '../../mail/templates.js';
import {
  emitMemberEvent,
  emitMemberTransition,
  findMemberByEmail,
  findMemberById,
  type Member,
} from '../../members/index.js';
import { memberIdentity } from '../../webhooks/events.js';
import { emailKey, requireRecentAuthentication, hashCode, randomCode, safeEqual } from '../../security/index.js';
import { emailOf, emailViolation, throwViolations, type IdentityDeps } from '../common.js';
import type { MemberScope } from '../flow.js';
import { emailChangedMail, emailTakenMail } from './change-email-mails.js';

export const EMAIL_CHANGE_TTL_SECONDS = 15 * 60;
export const MAX_EMAIL_CHANGE_ATTEMPTS = 5;
/** Changes started per member: each mails an address the member typed, so few. */
export const emailChangeLimit = { limit: 5, windowSeconds: 3600 };

async function memberOf(deps: IdentityDeps, scope: MemberScope): Promise<Member> {
  const member = await findMemberById(deps.ctx.db, scope.caller.siteId, scope.caller.memberId);
  if (!member) throw appError('MEMBER_NOT_FOUND');
  return member;
}

/** Step 1: `{newEmail, currentPassword?}` → `{newEmail}`; the code (or the "already has an account" mail) is on its way. */
export async function startEmailChange(
  deps: IdentityDeps,
  scope: MemberScope,
  input: { newEmail?: unknown; currentPassword?: unknown },
): Promise<{ newEmail: string }> {
  const { ctx } = deps;
  const site = ctx.sites.get(scope.caller.siteId)!;
  const member = await memberOf(deps, scope);
  throwViolations([emailViolation({ email: input.newEmail }, 'newEmail')]);
  const newEmail = emailOf({ email: input.newEmail });
  if (emailKey(newEmail) === emailKey(member.email))
    throw invalidField('newEmail', 'is already your sign-in address', 'SAME_EMAIL');
  await requireRecentAuthentication(ctx, scope.caller, {
    currentPassword: input.currentPassword,
    member,
    ip: scope.ip,
  });
  const limited = await deps.limiter.hit(`email-change:${site.id}:${member.id}`, emailChangeLimit);
  if (!limited.allowed) throw httpErrors.tooManyRequests(limited.retryAfterSeconds);
  const taken = await findMemberByEmail(ctx.db, site.id, newEmail);
  // A taken address still gets a row (with a code nobody is sent), so the next step behaves the same.
  const code = randomCode();
  const salt = randomBytes(16);
  const language = mailLanguage(site, { member });
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await tx.query(
      `insert into email_changes (site_id, member_id, new_email, code_salt, code_hash, attempts, created_at, expires_at)
       values ($1, $2, $3, $4, $5, 0, $6, $7)
       on conflict (site_id, member_id) do update set new_email = excluded.new_email, code_salt = excluded.code_salt,
         code_hash = excluded.code_hash, attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [
        site.id,
        member.id,
        newEmail,
        salt,
        hashCode(code, salt),
        new Date(now),
        new Date(now + EMAIL_CHANGE_TTL_SECONDS * 1000),
      ],
    );
    const mail = taken
      ? emailTakenMail(language, site)
      : verificationCodeMail(language, site, code, EMAIL_CHANGE_TTL_SECONDS / 60);
    await enqueueMail(
      tx,
      { siteId: site.id, kind: taken ? 'email-change-taken' : 'email-change-code', to: newEmail, ...mail },
      now,
    );
  });
  return { newEmail };
}

/** The change waiting for its code, if any (the page shows the code step while there is one). */
export async function pendingEmailChange(
  ctx: Pick<IdentityDeps['ctx'], 'db' | 'now'>,
  caller: { siteId: string; memberId: string },
): Promise<{ newEmail: string } | undefined> {
  const { rows } = await ctx.db.query<{ new_email: string }>(
    'select new_email from email_changes where site_id = $1 and member_id = $2 and expires_at > $3',
    [caller.siteId, caller.memberId, new Date(ctx.now())],
  );
  return rows[0] ? { newEmail: rows[0].new_email } : undefined;
}

/** Drops the waiting change (the member's Cancel). */
export async function cancelEmailChange(deps: IdentityDeps, scope: MemberScope): Promise<void> {
  await deps.ctx.db.query('delete from email_changes where site_id = $1 and member_id = $2', [
    scope.caller.siteId,
    scope.caller.memberId,
  ]);
}

interface ChangeRow {
  new_email: string;
  code_salt: Uint8Array;
  code_hash: Uint8Array;
  attempts: number;
}

/** Step 2: `{code}` → `{email}`, the member's new sign-in address. */
export async function confirmEmailChange(
  deps: IdentityDeps,
  scope: MemberScope,
  input: { code?: unknown },
): Promise<{ email: string }> {
  const { ctx } = deps;
  const { siteId, memberId } = scope.caller;
  const site = ctx.sites.get(siteId)!;
  const code = typeof input.code === 'string' ? input.code.trim().slice(0, 20) : '';
  // Decided inside the transaction, thrown after it: a wrong code's attempt must be kept.
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { rows } = await tx.query<ChangeRow>(
      'select new_email, code_salt, code_hash, attempts from email_changes where site_id = $1 and member_id = $2 and expires_at > $3 for update',
      [siteId, memberId, new Date(now)],
    );
    const row = rows[0];
    if (!row) return { kind: 'none' as const };
    const right = safeEqual(hashCode(code, Buffer.from(row.code_salt)), Buffer.from(row.code_hash));
    if (!right) {
      if (row.attempts + 1 >= MAX_EMAIL_CHANGE_ATTEMPTS)
        await tx.query('delete from email_changes where site_id = $1 and member_id = $2', [siteId, memberId]);
      else
        await tx.query('update email_changes set attempts = attempts + 1 where site_id = $1 and member_id = $2', [
          siteId,
          memberId,
        ]);
      return { kind: 'wrong' as const };
    }
    await tx.query('delete from email_changes where site_id = $1 and member_id = $2', [siteId, memberId]);
    const other = await findMemberByEmail(tx, siteId, row.new_email);
    if (other) return { kind: 'taken' as const };
    const member = await findMemberById(tx, siteId, memberId, true);
    if (!member) return { kind: 'none' as const };
    await tx.query(
      `update members set email = $3, email_key = $4, email_key_version = 2, email_verified = true,
         revision = revision + 1, updated_at = $5 where site_id = $1 and id = $2`,
      [siteId, memberId, row.new_email, emailKey(row.new_email), new Date(now)],
    );
    await enqueueMail(
      tx,
      {
        siteId,
        kind: 'email-changed',
        to: member.email,
        ...emailChangedMail(mailLanguage(site, { member }), site, row.new_email),
      },
      now,
    );
    const after = await findMemberById(tx, siteId, memberId);
    if (after) {
      await emitMemberEvent(tx, { siteId, memberId, member: after, type: 'member.updated', now });
      await emitMemberTransition(tx, member, after, memberIdentity(memberId), now);
    }
    return { kind: 'changed' as const, email: row.new_email };
  });
  // In the audit log like a password change: who changed their sign-in address, or tried a wrong code.
  if (outcome.kind === 'wrong' || outcome.kind === 'changed')
    await ctx.authEvents.record({
      type: 'email_changed',
      outcome: outcome.kind === 'changed' ? 'success' : 'failure',
      siteId,
      memberId,
      clientId: scope.caller.clientId,
      ip: scope.ip,
      ...(outcome.kind === 'wrong' ? { detail: { reason: 'INVALID_CODE' } } : {}),
    });
  if (outcome.kind === 'none')
    throw appError('INVALID_STATE_TOKEN', { description: 'No address change is waiting; start again' });
  if (outcome.kind === 'wrong') throw invalidField('code', 'is not the code sent to the new address', 'INVALID_CODE');
  if (outcome.kind === 'taken') throw appError('EMAIL_EXISTS');
  return { email: outcome.email };
}
