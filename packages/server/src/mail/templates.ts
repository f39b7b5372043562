import { html, type Html } from '../http/html.js';
import { brandColours } from '../config/brand.js';
import type { SiteBrand } from '../config/types.js';
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

/** What a mail shows of its site: the name, and the logo and colour when the site has a brand (a SiteConfig fits). */
export type MailSite = string | { name: string; brand?: SiteBrand | undefined };

export const siteNameOf = (site: MailSite): string => (typeof site === 'string' ? site : site.name);

const PLAIN = { accent: '#1a1a1a', onAccent: '#ffffff', link: '#1d5fd1' };
const coloursOf = (site: MailSite) => (typeof site === 'string' ? undefined : brandColours(site.brand)) ?? PLAIN;

/**
 * A call to action as mail clients draw it (a link styled as a button; inline styles, since many clients drop
 * `<style>`), in the brand's colour with readable text (config/brand.ts).
 */
export function mailButton(site: MailSite, href: string, label: string): Html {
  const c = coloursOf(site);
  return html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${c.accent};color:${c.onAccent};padding:12px 22px;border-radius:6px;font-weight:600;text-decoration:none">${label}</a></p>`;
}

/**
 * The HTML frame of every mail: `<html lang dir>`, a header with the shop's logo (its media library's file, a path
 * here made absolute when the mail leaves: absolute-urls.ts) or name over a band of the brand colour, the body
 * on a white card, the "ignore this" line. Tables and inline styles: what mail clients keep.
 */
export function mailLayout(t: Translator, site: MailSite, body: Html, footer = true): string {
  const name = siteNameOf(site);
  const logo = typeof site === 'string' ? undefined : site.brand?.logo;
  const c = coloursOf(site);
  const header = logo
    ? html`<img src="${logo}?w=320" alt="${name}" height="40" style="display:block;height:40px;width:auto;max-width:240px;border:0">`
    : html`<span style="font-size:20px;font-weight:700;color:#1a1a1a">${name}</span>`;
  return html`<!doctype html><html lang="${t.language}" dir="${t.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name}</title><style>a{color:${c.link}}</style></head>
<body style="margin:0;padding:0;background:#f6f6f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f6f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e3e3e0;border-radius:8px;border-top:6px solid ${c.accent}">
<tr><td style="padding:20px 24px 4px">${header}</td></tr>
<tr><td style="padding:8px 24px 24px;font-size:16px">
${body}
${footer && html`<p style="color:#6b6b6b;font-size:.85rem">${t.t('mail.ignore')}</p>\n`}</td></tr></table>
</td></tr></table></body></html>`.toString();
}

const p = (text: string) => html`<p>${text}</p>`;

export function verificationCodeMail(language: string, site: MailSite, code: string, minutes: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    // No code in the subject: lock screens show subjects to whoever holds the phone (audit S-15).
    subject: t.t('mail.code.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.code.intro', { site: siteNameOf(site), code })}\n\n${t.t('mail.code.expires', { minutes })}\n\n${t.t('mail.ignore')}\n`,
    html: mailLayout(
      t,
      site,
      html`${p(t.t('mail.code.lead'))}<p style="font-size:2rem;letter-spacing:.3rem;font-weight:bold" dir="ltr">${code}</p>${p(t.t('mail.code.expires', { minutes }))}`,
    ),
  };
}

export function passwordResetMail(language: string, site: MailSite, link: string, minutes: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    subject: t.t('mail.reset.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.reset.intro', { site: siteNameOf(site) })}\n\n${t.t('mail.reset.linkText', { minutes })}\n${link}\n\n${t.t('mail.ignore')}\n`,
    html: mailLayout(
      t,
      site,
      html`${p(t.t('mail.reset.introHtml'))}${mailButton(site, link, t.t('mail.reset.button'))}${p(t.t('mail.reset.validity', { minutes }))}`,
    ),
  };
}

export function activationMail(language: string, site: MailSite, link: string, hours: number): RenderedMail {
  const t = translator(language);
  return {
    language,
    subject: t.t('mail.activation.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.activation.intro', { site: siteNameOf(site) })}\n\n${t.t('mail.activation.linkText', { hours })}\n${link}\n`,
    html: mailLayout(
      t,
      site,
      html`${p(t.t('mail.activation.introHtml'))}${mailButton(site, link, t.t('mail.activation.button'))}${p(t.t('mail.activation.validity', { hours }))}`,
    ),
  };
}

/**
 * Sent after a password change or reset, so a member learns of a change they did not make (ASVS 2.2.3).
 * `after`: a reset (ask for a new reset mail) or a change while signed in (reset the password now).
 */
export function passwordChangedMail(language: string, site: MailSite, after: 'reset' | 'change'): RenderedMail {
  const t = translator(language);
  const hint = t.t(after === 'reset' ? 'mail.passwordChanged.afterReset' : 'mail.passwordChanged.afterChange');
  return {
    language,
    subject: t.t('mail.passwordChanged.subject', { site: siteNameOf(site) }),
    text: `${t.t('mail.passwordChanged.intro', { site: siteNameOf(site) })}\n\n${hint}\n`,
    html: mailLayout(t, site, html`${p(t.t('mail.passwordChanged.introHtml'))}${p(hint)}`),
  };
}
