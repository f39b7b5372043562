/**
 * The order confirmation mail, in the shopper's language (i18n/catalogs `mail.order.*`): the lines, the
 * delivery, the totals, how to pay, and a link to the order — the member's account page, or for a guest the
 * signed link of order-link.ts with how long it works. Enqueued in the checkout transaction (mail/outbox.ts).
 */
import { html } from '../http/html.js';
import { translator } from '../i18n/index.js';
import { mailLayout, type RenderedMail } from '../mail/templates.js';
import type { ShippingAddress } from './address.js';
import type { OrderLine } from './pricing.js';
import type { ChosenShipping } from './shipping.js';

export interface ConfirmationOrder {
  number: string;
  lines: readonly OrderLine[];
  subtotal: number;
  shipping: ChosenShipping | null;
  total: number;
  currency: string;
  shippingAddress: ShippingAddress | null;
}

export function formatShippingAddress(a: ShippingAddress | null): string {
  if (!a) return '';
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [a.name, a.addressLine, a.addressLine2, cityLine, a.subdivision, a.country].filter(Boolean).join(', ');
}

export function orderConfirmationMail(
  language: string,
  siteName: string,
  order: ConfirmationOrder,
  link: { url: string; guestDays?: number },
): RenderedMail {
  const t = translator(language);
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: order.currency });
  const amount = (n: number) => money.format(n);
  const lines = order.lines.map((l) =>
    t.t('mail.order.line', { quantity: l.quantity, title: l.title, amount: amount(l.lineTotal) }),
  );
  const totals = [
    t.t('mail.order.subtotal', { amount: amount(order.subtotal) }),
    ...(order.shipping
      ? [t.t('mail.order.shipping', { method: order.shipping.name, amount: amount(order.shipping.amount) })]
      : []),
    t.t('mail.order.total', { amount: amount(order.total) }),
  ];
  const address = formatShippingAddress(order.shippingAddress);
  const shipTo = address ? t.t('mail.order.shipTo', { address }) : '';
  const validity = link.guestDays ? t.t('mail.order.guestValidity', { days: link.guestDays }) : '';
  const text = [
    t.t('mail.order.intro', { number: order.number }),
    lines.join('\n'),
    totals.join('\n'),
    shipTo,
    t.t('mail.order.payment'),
    `${t.t('mail.order.linkText')}\n${link.url}`,
    validity,
  ]
    .filter(Boolean)
    .join('\n\n');
  // Titles and addresses are the shopper's and the shop's own text: isolated, so a Latin address keeps its
  // order inside an Arabic mail.
  const body = html`<p>${t.t('mail.order.intro', { number: order.number })}</p>
<ul>${order.lines.map((l) => html`<li>${l.quantity} × <bdi>${l.title}</bdi> — ${amount(l.lineTotal)}</li>`)}</ul>
<p>${totals.map((line, i) => html`${i ? html`<br>` : ''}${line}`)}</p>
${address && html`<p>${t.t('mail.order.shipTo', { address: '' })}<bdi>${address}</bdi></p>`}
<p>${t.t('mail.order.payment')}</p>
<p><a href="${link.url}">${t.t('mail.order.button')}</a></p>
${validity && html`<p style="color:#555;font-size:.9rem">${validity}</p>`}`;
  return {
    language,
    subject: t.t('mail.order.subject', { site: siteName, number: order.number }),
    text: `${text}\n`,
    html: mailLayout(t, siteName, body, false),
  };
}
