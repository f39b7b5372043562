import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { requireServerAdmin } from './admin-access.js';
import {
  CONSOLE_ROLES,
  currentOwner,
  isOwnerRequest,
  mustEnrolTwoFactor,
  recordOwnerEvent,
  requireOwner,
  sessionOwner,
  type OwnerCaller,
} from './access.js';
import { confirmEmailChange, describeEmailLink, requestEmailChange } from './email-change.js';
import { checkInvite, createInvitation } from './invite.js';
import { clearOwnerCookie, csrfTokenFor, endOwnerSession } from './sessions.js';
import { mailInvitation } from './mails.js';
import { requestPasswordReset } from './password-reset.js';
import { removeOwner } from './remove.js';
import { describeLink, setPasswordFromLink } from './set-password.js';
import { signIn } from './sign-in.js';
import { claimTotpStep, listOwners, ownerRunsSite, ownerSiteIds, ownerView, setTotp } from './store.js';
import { enrolmentUri, matchingStep, newTotpSecret, protectSecret } from './two-factor.js';
import * as S from './schemas.js';

/** The console's own API: owner sessions, first-time setup, two-factor, and managing owners. */
export const ownerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/_admin/v1/console/sign-in', { schema: S.signIn }, (request, reply) => signIn(ctx, request, reply));
  app.post('/_admin/v1/console/password-reset', { schema: S.requestPasswordReset }, (request) =>
    requestPasswordReset(ctx, request),
  );
  app.get('/_admin/v1/console/setup', { schema: S.describeLink }, (request) => describeLink(ctx, request.query.token));
  app.post('/_admin/v1/console/setup', { schema: S.setup }, (request, reply) =>
    setPasswordFromLink(ctx, request, reply),
  );

  // An owner's own address: asked for with the password, in force once the link mailed to it is opened.
  app.post('/_admin/v1/console/email-change', { schema: S.requestEmailChange }, (request) =>
    requestEmailChange(ctx, request),
  );
  app.get('/_admin/v1/console/email-change', { schema: S.describeEmailLink }, (request) =>
    describeEmailLink(ctx, request.query.token),
  );
  app.post('/_admin/v1/console/email-change/confirm', { schema: S.confirmEmailChange }, (request) =>
    confirmEmailChange(ctx, request),
  );

  // The session as the console reads it; signed in or not, the same answer for every role and enrolment state.
  const sessionView = ({ owner, sessionToken }: OwnerCaller) => ({
    owner: ownerView(owner),
    csrfToken: csrfTokenFor(ctx, sessionToken),
    mustEnrolTwoFactor: mustEnrolTwoFactor(ctx, owner),
    // The sites this owner runs only (S-14): the switcher never names another shop.
    sites: ctx.sites.sites.filter((s) => ownerRunsSite(owner, s.id)).map((s) => ({ id: s.id, name: s.name })),
    devMailbox: ctx.config.devMailbox,
  });
  app.get('/_admin/v1/console/session', { schema: S.session }, async (request) =>
    sessionView(await currentOwner(ctx, request, { enrolling: true })),
  );
  // The console's probe: signed out answers 200 (a 401 there was logged by the browser on every signed-out visit,
  // review t5). Costs a stranger what /session does: nothing without a cookie, one indexed lookup with one.
  app.get('/_admin/v1/console/session-status', { schema: S.sessionStatus }, async (request) => {
    const caller = await sessionOwner(ctx, request);
    return caller ? { signedIn: true, session: sessionView(caller) } : { signedIn: false, session: null };
  });

  app.post('/_admin/v1/console/sign-out', { schema: S.signOut }, async (request, reply) => {
    const { owner, sessionToken } = await currentOwner(ctx, request, { enrolling: true });
    await endOwnerSession(ctx.db, sessionToken, ctx.now());
    clearOwnerCookie(ctx, reply);
    await recordOwnerEvent(ctx, request, { type: 'owner_sign_out', outcome: 'success', email: owner.email, owner });
    return {};
  });

  // Two-factor: start makes a pending secret (shown once), confirm turns it on with a first good code.
  app.post('/_admin/v1/console/two-factor/start', { schema: S.startTwoFactor }, async (request) => {
    const { owner } = await currentOwner(ctx, request, { enrolling: true });
    if (owner.totpEnabled) throw appError('TWO_FACTOR_ALREADY_ON');
    const secret = newTotpSecret();
    await setTotp(ctx.db, owner.id, { secret: protectSecret(ctx.config, secret), enabled: false }, ctx.now());
    return { secret, uri: enrolmentUri(owner.email, secret) };
  });
  app.post('/_admin/v1/console/two-factor/confirm', { schema: S.confirmTwoFactor }, async (request) => {
    const { owner } = await currentOwner(ctx, request, { enrolling: true });
    if (owner.totpEnabled) throw appError('TWO_FACTOR_ALREADY_ON');
    const step = matchingStep(ctx.config, owner, request.body.code, ctx.now());
    if (step === undefined)
      throw appError('INVALID_TWO_FACTOR_CODE', {
        description: 'The authentication code is wrong; check the app and the device clock',
        status: 400,
      });
    await ctx.db.transaction(async (tx) => {
      await setTotp(tx, owner.id, { secret: owner.totpSecret, enabled: true }, ctx.now());
      await claimTotpStep(tx, owner.id, step);
    });
    await recordOwnerEvent(ctx, request, {
      type: 'factor_added',
      outcome: 'success',
      email: owner.email,
      owner,
      detail: { factor: 'totp' },
    });
    return { owner: ownerView({ ...owner, totpEnabled: true }) };
  });

  // Owners are managed by the server's admin key (the CLI) or an owner with the `owner` role.
  app.get('/_admin/v1/owners', { schema: S.listOwners }, async (request) => {
    const manager = await requireOwnerManager(ctx, request);
    const owners = await listOwners(ctx.db);
    // An owner manager sees the owners of the sites they run (S-14); the admin key sees every owner.
    const mine = manager
      ? ownerSiteIds(
          manager,
          ctx.sites.sites.map((s) => s.id),
        )
      : undefined;
    return {
      owners: owners.filter((o) => !mine || mine.some((id) => ownerRunsSite(o, id))).map(ownerView),
    };
  });
  app.post('/_admin/v1/owners', { schema: S.inviteOwner }, async (request) => {
    const manager = await requireOwnerManager(ctx, request);
    const input = checkInvite(request.body.email, request.body.role, request.body.siteIds, (id) =>
      Boolean(ctx.sites.get(id)),
    );
    const invitation = await ctx.db.transaction(async (tx) => {
      const made = await createInvitation(tx, ctx.config.publicUrl, input, manager, ctx.now());
      // From the console the invitee gets the link by mail too; the CLI and scripts pass it on themselves.
      if (manager) await mailInvitation(ctx, tx, made.owner, made.setupUrl);
      return made;
    });
    if (manager) {
      await recordOwnerEvent(ctx, request, {
        type: 'owner_action',
        outcome: 'success',
        email: manager.email,
        owner: manager,
        detail: { action: 'invite_owner', target: invitation.owner.email, role: invitation.owner.role },
      });
    }
    return {
      owner: ownerView(invitation.owner),
      created: invitation.created,
      setupUrl: invitation.setupUrl,
      expiresDate: invitation.expiresDate,
    };
  });
  app.delete('/_admin/v1/owners/:id', { schema: S.removeOwner }, async (request) => {
    const manager = await requireOwnerManager(ctx, request);
    const removed = await removeOwner(ctx, manager, request.params.id);
    await recordOwnerEvent(ctx, request, {
      type: 'owner_action',
      outcome: 'success',
      email: manager?.email ?? removed.email,
      owner: manager ?? removed,
      detail: {
        action: 'remove_owner',
        target: removed.email,
        role: removed.role,
        by: manager ? 'owner' : 'admin_key',
      },
    });
    return { owner: ownerView(removed) };
  });
};

/** The owner managing owners, or undefined for the server's admin key; anything else is refused. */
async function requireOwnerManager(ctx: AppContext, request: FastifyRequest) {
  if (isOwnerRequest(ctx, request)) return (await requireOwner(ctx, request, CONSOLE_ROLES.owners)).owner;
  await requireServerAdmin(ctx, request);
  return undefined;
}
