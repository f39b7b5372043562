import { html, joinHtml } from '../http/html.js';
import type { RenderedMail } from '../mail/templates.js';

/** The mail an owner gets when an endpoint is disabled after failing for five days. */
export function endpointDisabledMail(siteName: string, endpointId: string, url: string): RenderedMail {
  const text =
    `The webhook endpoint ${endpointId} (${url}) of ${siteName} has not accepted a delivery for 5 days and has been disabled.\n\n` +
    'Its undelivered events are kept. Fix the receiver, then enable the endpoint again (PATCH /_admin/v1/webhooks/{id} {"enabled": true}) ' +
    'and replay what failed (POST /_admin/v1/webhooks/{id}/replay).\n';
  return {
    // For the site's owner, whose console is English; shoppers' mails follow their language.
    language: 'en',
    subject: `${siteName}: webhook endpoint ${endpointId} disabled`,
    text,
    html: html`<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>${joinHtml(text.split('\n\n'), html`</p><p>`)}</p></body></html>`.toString(),
  };
}
