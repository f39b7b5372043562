import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { invalidField } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { enqueueMail } from '../../mail/outbox.js';
import { activationMail, passwordChangedMail, passwordResetMail } from '../../mail/templates.js';
import { mailLanguage } from '../../i18n/index.js';
import {
  hashPassword,
  passwordViolation,
  randomToken,
  sha256,
  emailKey,
  clearLoginLocks,
} from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import { afterResponse } from '../../http/after-response.js';
import {
  confirmationViolation,
  isEmail,
  limitIp,
  memberBlocked,
  nextState,
  throwViolations,
  type IdentityDeps,
  type StateResponse,
} from '../common.js';
import type { CallOrigin, FlowScope } from '../flow.js';
import type { ActivationEmailInput, RecoverInput, SendRecoveryEmailInput } from '../schemas.js';
import {
  findMemberByEmail,
  findMemberById,
  setPassword,
  type Member,
  emitMemberEvent,
  verifyMemberEmail,
} from '../../members/index.js';
import { revokeSessionTokens } from '../../sessions/session-tokens.js';
import { unlockSecondFactor } from '../mfa/lockout.js';

/** Reset links: single use, one hour, only the SHA-256 kept. Activation links last three days. */
export const RESET_TTL_SECONDS = 3600;
export const ACTIVATION_TTL_SECONDS = 72 * 3600;
/** Per-address cap on reset mails; beyond it requests still answer 200 but send nothing. */
export const resetMailsPerAddress = { limit: 3, windowSeconds: 3600 };

const invalidRecoveryToken = () => appError('INVALID_RECOVERY_TOKEN');

/** A redirect the mail's page may send the browser to, or undefined (validated against the client). */
function checkedRedirect(
  ctx: AppContext,
  site: SiteConfig,
  redirect: unknown,
): { url: string; clientId: string } | undefined {
  if (redirect === undefined || redirect === null) return undefined;
  const r = redirect as Record<string, unknown>;
  if (typeof redirect !== 'object' || r.url === undefined) return undefined;
  const entry = ctx.sites.findClient(r.clientId);
  if (!entry || entry.site.id !== site.id)
    throw invalidField('redirect.clientId', 'is not a client of this site', 'UNKNOWN_CLIENT');
  if (!ctx.sites.isAllowedRedirect(entry.client, r.url))
    throw invalidField(
      'redirect.url',
      "is not one of the client's registered redirect URIs or origins",
      'REDIRECT_NOT_ALLOWED',
    );
  return { url: r.url, clientId: entry.client.clientId };
}

/** Stores a reset or activation link and queues its mail (also the console's **Send password reset**). */
export async function createRecoveryMail(
  tx: Queryable,
  ctx: AppContext,
  input: {
    site: SiteConfig;
    member: Member;
    purpose: 'reset' | 'activation';
    redirect: { url: string; clientId: string } | undefined;
    language?: unknown;
  },
): Promise<void> {
  const now = ctx.now();
  const token = randomToken();
  const ttl = input.purpose === 'reset' ? RESET_TTL_SECONDS : ACTIVATION_TTL_SECONDS;
  await tx.query(
    `insert into recovery_tokens (site_id, token_hash, member_id, purpose, client_id, redirect_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      input.site.id,
      sha256(token),
      input.member.id,
      input.purpose,
      input.redirect?.clientId ?? null,
      input.redirect?.url ?? null,
      new Date(now),
      new Date(now + ttl * 1000),
    ],
  );
  // The request's `language`, else the member's profile language, else the site's default (issue #18).
  const language = mailLanguage(input.site, { explicit: input.language, member: input.member });
  // The page the link opens speaks the mail's language.
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(language)}`;
  const mail =
    input.purpose === 'reset'
      ? passwordResetMail(language, input.site, link, ttl / 60)
      : activationMail(language, input.site, link, ttl / 3600);
  await enqueueMail(
    tx,
    { siteId: input.site.id, kind: `recovery-${input.purpose}`, to: input.member.email, ...mail },
    now,
  );
}

/**
 * POST /_api/iam/recovery/v1/send-email {email, language?, redirect: {url, clientId}} → 200 {} always:
 * the answer is the same whether or not the address belongs to a member (no enumeration), and it is
 * sent before the member is even looked up, so it takes the same time too.
 */
export async function sendRecoveryEmail(
  deps: IdentityDeps,
  scope: FlowScope,
  input: SendRecoveryEmailInput,
): Promise<Record<string, never>> {
  const { site } = scope;
  if (!isEmail(input.email)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL', { type: 'EMAIL' });
  throwViolations([confirmationViolation(input.email, 'email')]);
  const email = input.email;
  const redirect = checkedRedirect(deps.ctx, site, input.redirect);
  await limitIp(deps, scope.ip, site.id, 'recovery');
  const perAddress = await deps.limiter.hit(`recovery-mail:${site.id}:${emailKey(email)}`, resetMailsPerAddress);
  if (!perAddress.allowed) return {};
  afterResponse(deps.ctx, 'password reset mail', async () => {
    const member = await findMemberByEmail(deps.ctx.db, site.id, email);
    if (!member || member.status === 'BLOCKED') return;
    await deps.ctx.db.transaction((tx) =>
      createRecoveryMail(tx, deps.ctx, { site, member, purpose: 'reset', redirect, language: input.language }),
    );
  });
  return {};
}

/**
 * POST /_api/iam/recovery/v1/activation-email {identityId, emailOptions: {language, redirect}} → 200 {}.
 * Only the member themself or a site API key may ask (audit F-16: anyone could mail any member a
 * set-password link), with the send limits of recovery.
 */
export async function sendActivationEmail(
  deps: IdentityDeps,
  scope: FlowScope,
  input: ActivationEmailInput,
): Promise<Record<string, never>> {
  const options = activationOptions(input);
  const { site, caller } = scope;
  if (caller.kind === 'anonymous')
    throw appError('UNAUTHORIZED', { description: "Send the member's access token or a site API key" });
  const allowed = caller.kind === 'admin' || (caller.kind === 'member' && caller.memberId === input.identityId);
  if (!allowed)
    throw appError('PERMISSION_DENIED', {
      description: 'Only the member or a site API key may send an activation email',
    });
  const redirect = checkedRedirect(deps.ctx, site, options.redirect);
  await limitIp(deps, scope.ip, site.id, 'recovery');
  const perMember = await deps.limiter.hit(
    `activation-mail:${site.id}:${input.identityId.slice(0, 64)}`,
    resetMailsPerAddress,
  );
  if (!perMember.allowed) return {};
  const member = await findMemberById(deps.ctx.db, site.id, input.identityId);
  if (!member || member.status === 'BLOCKED') return {};
  await deps.ctx.db.transaction((tx) =>
    createRecoveryMail(tx, deps.ctx, { site, member, purpose: 'activation', redirect, language: options.language }),
  );
  return {};
}

/** `emailOptions` of an activation request: an object, or nothing. */
const activationOptions = (input: ActivationEmailInput): Record<string, unknown> =>
  (input.emailOptions && typeof input.emailOptions === 'object' ? input.emailOptions : {}) as Record<string, unknown>;

/**
 * The client id a recovery or activation request names in its redirect. These may arrive without a token
 * (from a reset link); the site then follows from it, so the adapters pass it to their scope.
 */
const clientIdOf = (redirect: unknown): unknown =>
  redirect && typeof redirect === 'object' ? (redirect as Record<string, unknown>).clientId : undefined;
export const recoveryClientId = (input: SendRecoveryEmailInput): unknown => clientIdOf(input.redirect);
export const activationClientId = (input: ActivationEmailInput): unknown =>
  clientIdOf(activationOptions(input).redirect);

interface TokenRow {
  site_id: string;
  member_id: string;
  purpose: 'reset' | 'activation';
  client_id: string | null;
  redirect_url: string | null;
}

/** Looks a live token up without spending it (the reset page needs its redirect). */
export async function findRecoveryToken(q: Queryable, token: unknown, now: number): Promise<TokenRow | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
  const { rows } = await q.query<TokenRow>(
    'select site_id, member_id, purpose, client_id, redirect_url from recovery_tokens where token_hash = $1 and used_at is null and expires_at > $2',
    [sha256(token), new Date(now)],
  );
  return rows[0];
}

/**
 * POST /_api/iam/recovery/v1/recover {recoveryToken, password} → StateMachineResponse.
 * Spends the token, sets the password, marks the address verified (the mail reached it) and ends
 * every session and refresh token of the member, all in one transaction.
 */
export async function recover(deps: IdentityDeps, origin: CallOrigin, input: RecoverInput): Promise<StateResponse> {
  const { ctx } = deps;
  // Both problems at once (a form shows them together), so these stay here rather than in the schema.
  throwViolations([
    typeof input.recoveryToken === 'string' && input.recoveryToken
      ? undefined
      : { field: 'recoveryToken', description: 'is required', ruleName: 'REQUIRED', data: {} },
    passwordViolation(input.password),
  ]);
  const found = await findRecoveryToken(ctx.db, input.recoveryToken, ctx.now());
  if (!found) throw invalidRecoveryToken();
  const site = ctx.sites.get(found.site_id);
  if (!site) throw invalidRecoveryToken();
  await limitIp(deps, origin.ip, site.id, 'recovery');
  const passwordHash = await hashPassword(input.password as string);
  const { ip } = origin;
  const state = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { rows } = await tx.query<TokenRow>(
      `update recovery_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
       returning site_id, member_id, purpose, client_id, redirect_url`,
      [sha256(input.recoveryToken as string), new Date(now)],
    );
    const spent = rows[0];
    if (!spent) throw invalidRecoveryToken();
    const member = await findMemberById(tx, site.id, spent.member_id, true);
    if (!member) throw invalidRecoveryToken();
    if (member.status === 'BLOCKED') throw memberBlocked();
    // Only now is the member known: their address and the shop's name are refused as passwords too.
    throwViolations([passwordViolation(input.password, 'password', { siteName: site.name, email: member.email })]);
    await setPassword(tx, site.id, member.id, passwordHash, now);
    await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, type: 'member.password_changed', now });
    await verifyMemberEmail(tx, site.id, member.id, now);
    await ctx.tokens.revokeMemberSessions(tx, site.id, member.id, { reason: 'password-reset' });
    await revokeSessionTokens(tx, site.id, member.id, now);
    // Other links in other mails die with this one.
    await tx.query(
      'update recovery_tokens set used_at = $3 where site_id = $1 and member_id = $2 and used_at is null',
      [site.id, member.id, new Date(now)],
    );
    // The reset proved the inbox and replaced the password whoever was guessing had: a second step
    // locked by wrong answers opens again (audit S-5), and the member still has to pass it.
    const unlocked = await unlockSecondFactor(tx, site.id, member.id);
    if (spent.purpose === 'reset') {
      const mail = passwordChangedMail(mailLanguage(site, { member }), site, 'reset');
      await enqueueMail(tx, { siteId: site.id, kind: 'password-changed', to: member.email, ...mail }, now);
    }
    const fresh = (await findMemberById(tx, site.id, member.id))!;
    await ctx.authEvents.record(
      {
        type: 'password_reset',
        outcome: 'success',
        siteId: site.id,
        memberId: member.id,
        email: member.email,
        clientId: spent.client_id ?? undefined,
        ip,
        detail: { purpose: spent.purpose, ...(unlocked ? { secondFactorUnlocked: true } : {}) },
      },
      tx,
    );
    return { email: member.email, next: await nextState(tx, deps, site, fresh, undefined) };
  });
  // The inbox is proven: a lock others caused must not keep the owner out (audit F-14).
  await clearLoginLocks(deps.limiter, { siteId: site.id, email: state.email, ip });
  return state.next;
}
