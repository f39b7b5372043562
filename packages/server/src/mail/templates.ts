import { html, type Html } from '../http/html.js';
import { translator, type Translator } from '../i18n/index.js';

/**
 * Text + HTML bodies of the transactional mails, in the recipient's language (i18n/catalogs, chosen by
 * i18n/mail-language.ts). Everything interpolated into HTML is escaped; the site name comes from
 * configuration but is escaped too, since operators type it freely.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The BCP 47 tag of the mail's language: its Content-Language header and `<html lang>`. */
  language: string;
}

/** The HTML frame of every mail: `<html lang dir>`, the site's name, the body, the "ignore this" line. */
export function mailLayout(t: Translator, siteName: string, body: Html, footer = true): string {
  return html`<!doctype html><html lang="${t.language}" dir="${t.dir}"><head><meta charset="utf-8"><title>${siteName}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;color:#222">
<h1 style="font-size:1.25rem">${siteName}</h1>
${body}
${footer && html`<p style="color:#777;font-size:.85rem">${t.t('mail.ignore')}</p>\n`}</body></html>`.toString();
}

const p = (text: string) => html`<p>${text}</p>`;

export function verificationCodeMail(language: string, siteName: string, code: string, minutes: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    // No code in the subject: lock screens show subjects to whoever holds the phone (audit S-15).
    subject: t.t('mail.code.subject', { site: siteName }),
    text: `${t.t('mail.code.intro', { site: siteName, code })}\n\n${t.t('mail.code.expires', { minutes })}\n\n${t.t('mail.ignore')}\n`,
    html: mailLayout(
      t,
      siteName,
      html`${p(t.t('mail.code.lead'))}<p style="font-size:2rem;letter-spacing:.3rem;font-weight:bold" dir="ltr">${code}</p>${p(t.t('mail.code.expires', { minutes }))}`,
    ),
  };
}

export function passwordResetMail(language: string, siteName: string, link: string, minutes: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    subject: t.t('mail.reset.subject', { site: siteName }),
    text: `${t.t('mail.reset.intro', { site: siteName })}\n\n${t.t('mail.reset.linkText', { minutes })}\n${link}\n\n${t.t('mail.ignore')}\n`,
    html: mailLayout(
      t,
      siteName,
      html`${p(t.t('mail.reset.introHtml'))}<p><a href="${link}">${t.t('mail.reset.button')}</a></p>${p(t.t('mail.reset.validity', { minutes }))}`,
    ),
  };
}

export function activationMail(language: string, siteName: string, link: string, hours: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    subject: t.t('mail.activation.subject', { site: siteName }),
    text: `${t.t('mail.activation.intro', { site: siteName })}\n\n${t.t('mail.activation.linkText', { hours })}\n${link}\n`,
    html: mailLayout(
      t,
      siteName,
      html`${p(t.t('mail.activation.introHtml'))}<p><a href="${link}">${t.t('mail.activation.button')}</a></p>${p(t.t('mail.activation.validity', { hours }))}`,
    ),
  };
}

/**
 * Sent after a password change or reset, so a member learns of a change they did not make (ASVS 2.2.3).
 * `after`: a reset (ask for a new reset mail) or a change while signed in (reset the password now).
 */
export function passwordChangedMail(language: string, siteName: string, after: 'reset' | 'change'): RenderedMail {
  const t = translator(language);
  const hint = t.t(after === 'reset' ? 'mail.passwordChanged.afterReset' : 'mail.passwordChanged.afterChange');
  return {
    language,
    subject: t.t('mail.passwordChanged.subject', { site: siteName }),
    text: `${t.t('mail.passwordChanged.intro', { site: siteName })}\n\n${hint}\n`,
    html: mailLayout(t, siteName, html`${p(t.t('mail.passwordChanged.introHtml'))}${p(hint)}`),
  };
}
