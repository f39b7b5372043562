import type { AppContext } from '../context.js';
import { html } from '../http/html.js';
import { translator } from '../i18n/index.js';
import { enqueueMail } from '../mail/outbox.js';
import { activationMail, mailLayout, passwordChangedMail } from '../mail/templates.js';
import type { Queryable } from '../store/types.js';
import { LINK_TTL_SECONDS } from './links.js';
import { ownerSiteIds, type Owner } from './store.js';

/** The name owner mails go out under: the console is the server's, not one shop's. */
export const CONSOLE_NAME = 'Vitrine console';

/** The outbox is kept per site: an owner's mail goes under the first site they run. */
export function mailSite(ctx: AppContext, owner: Owner): string {
  return (
    ownerSiteIds(
      owner,
      ctx.sites.sites.map((s) => s.id),
    )[0] ?? ctx.sites.sites[0]!.id
  );
}

/** After a reset: a notice to the owner's address, in the same transaction as the new password. */
export async function mailPasswordChanged(ctx: AppContext, tx: Queryable, owner: Owner): Promise<void> {
  const mail = passwordChangedMail('en', CONSOLE_NAME, 'reset');
  await enqueueMail(tx, { siteId: mailSite(ctx, owner), kind: 'owner-password-changed', to: owner.email, ...mail });
}

/** An invitation from the console: the setup link goes to the invitee too (the inviter sees it as well). */
export async function mailInvitation(ctx: AppContext, tx: Queryable, owner: Owner, setupUrl: string): Promise<void> {
  const mail = activationMail('en', CONSOLE_NAME, setupUrl, LINK_TTL_SECONDS.setup / 3600);
  await enqueueMail(tx, { siteId: mailSite(ctx, owner), kind: 'owner-invitation', to: owner.email, ...mail });
}

/**
 * To the address an owner asked to sign in with: the one-time link that makes it theirs (24 h). The console is
 * in English, so is this mail; the old address stays in force until the link is opened.
 */
export async function mailEmailConfirmation(
  ctx: AppContext,
  tx: Queryable,
  owner: Owner,
  newEmail: string,
  link: string,
): Promise<void> {
  const hours = LINK_TTL_SECONDS.email / 3600;
  const intro = `${owner.email} asked to sign in to the ${CONSOLE_NAME} with this address instead.`;
  const validity = `The link works once, for ${hours} hours. Until it is opened, nothing changes.`;
  await enqueueMail(tx, {
    siteId: mailSite(ctx, owner),
    kind: 'owner-email-confirmation',
    to: newEmail,
    language: 'en',
    subject: `${CONSOLE_NAME}: confirm your new email address`,
    text: `${intro}\n\nOpen this link to confirm it:\n${link}\n\n${validity}\nIf you did not ask for this, ignore this message.\n`,
    html: mailLayout(
      translator('en'),
      CONSOLE_NAME,
      html`<p>${intro}</p><p><a href="${link}">Confirm my new email address</a></p><p>${validity}</p>`,
    ),
  });
}

/** To the old address once the new one is in force (the members' wording): a change they did not make is their cue. */
export async function mailEmailChanged(ctx: AppContext, tx: Queryable, owner: Owner, newEmail: string): Promise<void> {
  const t = translator('en');
  const hint =
    'If you did not make this change, ask another owner of the shop to remove this account and invite you again.';
  await enqueueMail(tx, {
    siteId: mailSite(ctx, owner),
    kind: 'owner-email-changed',
    to: owner.email,
    language: 'en',
    subject: t.t('mail.emailChanged.subject', { site: CONSOLE_NAME }),
    text: `${t.t('mail.emailChanged.intro', { site: CONSOLE_NAME, email: newEmail })}\n\n${hint}\n`,
    html: mailLayout(
      t,
      CONSOLE_NAME,
      html`<p>${t.t('mail.emailChanged.introHtml', { email: newEmail })}</p><p>${hint}</p>`,
    ),
  });
}
