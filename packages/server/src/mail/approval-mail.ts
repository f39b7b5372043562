/**
 * The mail a member gets when an owner approves them (review t5: "Approving a member sends them no mail,
 * although their page said 'You can sign in as soon as it is approved'"): through the outbox, in the
 * transaction of the approval, in the member's language.
 */
import type { AppContext } from '../context.js';
import { html } from '../http/html.js';
import { mailLanguage, translator } from '../i18n/index.js';
import { enqueueMail } from './outbox.js';
import { mailLayout, type RenderedMail } from './templates.js';
import type { Member } from '../members/index.js';
import type { Queryable } from '../store/types.js';

export function memberApprovedMail(language: string, siteName: string): RenderedMail {
  const t = translator(language);
  return {
    language,
    subject: t.t('mail.approved.subject', { site: siteName }),
    text: `${t.t('mail.approved.intro', { site: siteName })}\n`,
    html: mailLayout(t, siteName, html`<p>${t.t('mail.approved.introHtml')}</p>`, false),
  };
}

/** Mails `after` when this change approved them (a member approved before, or blocked, gets nothing). */
export async function mailIfApproved(
  ctx: AppContext,
  tx: Queryable,
  before: Member | undefined,
  after: Member,
  now: number,
): Promise<void> {
  if (before?.approved !== false || !after.approved || after.status !== 'ACTIVE') return;
  const site = ctx.sites.get(after.siteId);
  if (!site) return;
  await enqueueMail(
    tx,
    {
      siteId: site.id,
      kind: 'member-approved',
      to: after.email,
      ...memberApprovedMail(mailLanguage(site, { member: after }), site.name),
    },
    now,
  );
}
