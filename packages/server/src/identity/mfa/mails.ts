import { translator } from '../../i18n/index.js';
import { html } from '../../http/html.js';
import { mailLayout, siteNameOf, type MailSite, type RenderedMail } from '../../mail/templates.js';

/** What changed: a factor added or removed, or a new set of recovery codes. */
export type FactorChange = { kind: 'added' | 'removed'; factor: string } | { kind: 'recoveryCodes' };

/** The notice every factor change mails to the member: a change they did not make is their cue to act. */
export function factorChangedMail(language: string, site: MailSite, change: FactorChange): RenderedMail {
  const t = translator(language);
  const what =
    change.kind === 'recoveryCodes'
      ? t.t('mail.factor.recoveryCodes')
      : t.t(change.kind === 'added' ? 'mail.factor.added' : 'mail.factor.removed', { factor: change.factor });
  const hint = t.t('mail.factor.hint');
  return {
    language,
    subject: t.t('mail.factor.subject', { site: siteNameOf(site), change: what }),
    text: `${t.t('mail.factor.intro', { site: siteNameOf(site), change: what })}\n\n${hint}\n`,
    html: mailLayout(t, site, html`<p>${t.t('mail.factor.introHtml', { change: what })}</p><p>${hint}</p>`, false),
  };
}

/**
 * Wrong second-step answers in a row (audit S-5): someone has the password and is guessing the second
 * factor. Sent once per run of failures; says what happens at the limit and how to end a lock.
 */
export function secondFactorFailuresMail(language: string, site: MailSite, limit: number): RenderedMail {
  const t = translator(language);
  const hint = t.t('mail.secondFactorFailures.hint', { limit });
  return {
    language,
    subject: t.t('mail.secondFactorFailures.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.secondFactorFailures.intro', { site: siteNameOf(site) })}\n\n${hint}\n`,
    html: mailLayout(t, site, html`<p>${t.t('mail.secondFactorFailures.introHtml')}</p><p>${hint}</p>`, false),
  };
}
