import { escapeHtml, type RenderedMail } from '../../mail/templates.js';

/** The notice every factor change mails to the member: a change they did not make is their cue to act. */
export function factorChangedMail(siteName: string, change: string): RenderedMail {
  const hint = 'If this was not you, reset your password and contact the site owner.';
  return {
    subject: `${siteName}: ${change}`,
    text: `${change} on your ${siteName} account.\n\n${hint}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;color:#222">
<h1 style="font-size:1.25rem">${escapeHtml(siteName)}</h1><p>${escapeHtml(change)} on your account.</p><p>${escapeHtml(hint)}</p></body></html>`,
  };
}
