import type { IdentityProviderConfig, SiteConfig } from '../../config/types.js';
import { html } from '../../http/html.js';
import { mailLanguage, translator } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mailLayout, siteNameOf, type MailSite, type RenderedMail } from '../../mail/templates.js';
import type { Member } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';

/**
 * The notice a member gets when a provider identity joined their account by its verified address (audit
 * S-7, ASVS 6.3.7): nobody asked them, so a link they did not make is their cue to undo it.
 */
export function providerLinkedMail(language: string, site: MailSite, provider: string, at: Date): RenderedMail {
  const t = translator(language);
  // Written in the member's language; UTC, since the server does not know the member's time zone.
  const when = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
  const undo = t.t('mail.providerLinked.undo', { provider });
  return {
    language,
    subject: t.t('mail.providerLinked.subject', { site: siteNameOf(site), provider }),
    text: `${t.t('mail.providerLinked.intro', { site: siteNameOf(site), provider, when })}\n\n${undo}\n`,
    html: mailLayout(
      t,
      site,
      html`<p>${t.t('mail.providerLinked.introHtml', { provider, when })}</p><p>${undo}</p>`,
      false,
    ),
  };
}

/** Queues the notice in the linking transaction: no mail for a link that rolled back. */
export async function mailProviderLinked(
  tx: Queryable,
  input: { site: SiteConfig; idp: IdentityProviderConfig; member: Member; now: number },
): Promise<void> {
  const { site, idp, member, now } = input;
  const mail = providerLinkedMail(mailLanguage(site, { member }), site, idp.name, new Date(now));
  await enqueueMail(tx, { siteId: site.id, kind: 'provider-linked', to: member.email, ...mail }, now);
}
