import type { AppContext } from '../context.js';
import { enqueueMail } from '../mail/outbox.js';
import { activationMail, passwordChangedMail } from '../mail/templates.js';
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
