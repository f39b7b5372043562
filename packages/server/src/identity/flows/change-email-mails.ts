import { html } from '../../http/html.js';
import { translator } from '../../i18n/index.js';
import { mailLayout, siteNameOf, type MailSite, type RenderedMail } from '../../mail/templates.js';

/** To the new address when it already has an account here: no code, and what to do if it was the reader. */
export function emailTakenMail(language: string, site: MailSite): RenderedMail {
  const t = translator(language);
  const hint = t.t('mail.emailTaken.hint');
  return {
    language,
    subject: t.t('mail.emailTaken.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.emailTaken.intro', { site: siteNameOf(site) })}\n\n${hint}\n`,
    html: mailLayout(t, site, html`<p>${t.t('mail.emailTaken.introHtml')}</p><p>${hint}</p>`),
  };
}

/** To the old address once the change is made: a change they did not make is their cue to act. */
export function emailChangedMail(language: string, site: MailSite, newEmail: string): RenderedMail {
  const t = translator(language);
  const hint = t.t('mail.factor.hint');
  return {
    language,
    subject: t.t('mail.emailChanged.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.emailChanged.intro', { site: siteNameOf(site), email: newEmail })}\n\n${hint}\n`,
    html: mailLayout(
      t,
      site,
      html`<p>${t.t('mail.emailChanged.introHtml', { email: newEmail })}</p><p>${hint}</p>`,
      false,
    ),
  };
}
