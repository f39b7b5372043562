/**
 * The mail a shopper receives when their order changes status, in their language (i18n/catalogs
 * `mail.order.*`): what happened, the carrier and tracking number of a shipment, the shop's note.
 */
import { html } from '../http/html.js';
import { translator } from '../i18n/index.js';
import { mailLayout, type RenderedMail } from '../mail/templates.js';
import type { OrderStatus } from './order-rules.js';

export type MailedStatus = Exclude<OrderStatus, 'AWAITING_PAYMENT'>;

export interface OrderMailFacts {
  number: string;
  status: MailedStatus;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  note?: string | undefined;
}

export function orderStatusMail(language: string, siteName: string, facts: OrderMailFacts): RenderedMail {
  const t = translator(language);
  const { number, status } = facts;
  const lines = [
    t.t(`mail.order.${status}.intro`, { number }),
    facts.carrier ? t.t('mail.order.carrier', { carrier: facts.carrier }) : '',
    facts.trackingNumber ? t.t('mail.order.tracking', { trackingNumber: facts.trackingNumber }) : '',
    facts.note ? t.t('mail.order.note', { note: facts.note }) : '',
  ].filter(Boolean);
  const why = t.t('mail.order.why', { number, site: siteName });
  return {
    language,
    subject: t.t(`mail.order.${status}.subject`, { site: siteName, number }),
    text: `${lines.join('\n')}\n\n${why}\n`,
    // Carrier, tracking number and note are typed by an owner: escaped by `html` like every value.
    html: mailLayout(
      t,
      siteName,
      html`${lines.map((line) => html`<p>${line}</p>`)}<p style="color:#777;font-size:.85rem">${why}</p>`,
      false,
    ),
  };
}
