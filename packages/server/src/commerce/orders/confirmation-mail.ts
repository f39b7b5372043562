/**
 * The order confirmation mail, in the shopper's language (i18n/catalogs `mail.order.*`): the lines with their
 * choices, the discount, the delivery, the tax (added, or included in the prices), the total, how to pay (the shop's
 * online payment page, and each offline method with the owner's instructions: docs/payments.md), and a link to the order — the member's account page, or for a guest a signed link (order-link.ts) with how long it
 * works. Enqueued in the order's transaction (place.ts), so no mail leaves for an order that was not placed.
 */
import { html } from '../../http/html.js';
import { translator } from '../../i18n/index.js';
import { mailButton, mailLayout, siteNameOf, type MailSite, type RenderedMail } from '../../mail/templates.js';
import { lineTitle, orderTable } from './confirmation-table.js';
import type { DeliveryAddress } from '../checkouts/address.js';
import { formatMoney } from '../money.js';
import type { Order } from './store.js';

export function formatAddress(a: DeliveryAddress | null): string {
  if (!a) return '';
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [a.name, a.addressLine, a.addressLine2, cityLine, a.subdivision, a.country].filter(Boolean).join(', ');
}

/** Where the order mails and pages take a line's title from. */
export { lineTitle };

export interface TaxLine {
  name: string;
  rate: number;
}

/** The ways the shop takes the money, as the mail tells them (the payment itself starts after placing). */
export interface PayWays {
  /** Stripe or the dev provider: the shopper pays on the provider's page right after placing the order. */
  online: boolean;
  offline: { name: string; instructions: string }[];
}

/** The mail's payment paragraphs: what to pay and how, or (a shop without any way) that the shop will tell. */
function paymentLines(t: ReturnType<typeof translator>, ways: PayWays, total: string) {
  if (!ways.online && !ways.offline.length) return { intro: t.t('mail.order.payment'), offline: [] };
  return {
    intro: [t.t('mail.order.toPay', { amount: total }), ways.online ? t.t('mail.order.payOnline') : '']
      .filter(Boolean)
      .join(' '),
    offline: ways.offline.map((m) => ({ head: t.t('mail.order.payOffline', { name: m.name }), text: m.instructions })),
  };
}

export function orderConfirmationMail(
  language: string,
  site: MailSite,
  order: Order,
  tax: TaxLine | null,
  link: { url: string; guestDays?: number },
  ways: PayWays = { online: false, offline: [] },
): RenderedMail {
  const t = translator(language);
  const amount = (minor: number) => formatMoney(minor, order.currency, language);
  const lines = order.lines.map((l) =>
    t.t('mail.order.line', { quantity: l.quantity, title: lineTitle(l), amount: amount(l.subtotal) }),
  );
  const taxText =
    tax && order.taxTotal > 0
      ? t.t(order.pricesIncludeTax ? 'mail.order.taxIncluded' : 'mail.order.tax', {
          name: tax.name,
          rate: tax.rate,
          amount: amount(order.taxTotal),
        })
      : '';
  const grandTotal = t.t('mail.order.total', { amount: amount(order.total) });
  const totals = [
    t.t('mail.order.subtotal', { amount: amount(order.subtotal) }),
    ...(order.discountTotal > 0
      ? [t.t('mail.order.discount', { code: order.couponCode ?? '', amount: amount(order.discountTotal) })]
      : []),
    ...(order.shippingMethod
      ? [t.t('mail.order.shipping', { method: order.shippingMethod.name, amount: amount(order.shippingTotal) })]
      : []),
    ...(taxText && !order.pricesIncludeTax ? [taxText] : []),
    grandTotal,
    ...(taxText && order.pricesIncludeTax ? [taxText] : []),
  ];
  const address = formatAddress(order.shippingAddress);
  const shipTo = address ? t.t('mail.order.shipTo', { address }) : '';
  const pay = paymentLines(t, ways, amount(order.total));
  const validity = link.guestDays ? t.t('mail.order.guestValidity', { days: link.guestDays }) : '';
  const text = [
    t.t('mail.order.intro', { number: order.number }),
    lines.join('\n'),
    totals.join('\n'),
    shipTo,
    pay.intro,
    ...pay.offline.map((m) => `${m.head}\n${m.text}`),
    `${t.t('mail.order.linkText')}\n${link.url}`,
    validity,
  ]
    .filter(Boolean)
    .join('\n\n');
  // Names and addresses are the shop's and the shopper's own text: isolated, so a Latin address keeps its order
  // inside an Arabic mail.
  const body = html`<p>${t.t('mail.order.intro', { number: order.number })}</p>
${orderTable(order, totals, grandTotal, amount)}
${address && html`<p>${t.t('mail.order.shipTo', { address: '' })}<bdi>${address}</bdi></p>`}
<p>${pay.intro}</p>
${pay.offline.map((m) => html`<p><strong>${m.head}</strong><br><span style="white-space:pre-line">${m.text}</span></p>`)}
${mailButton(site, link.url, t.t('mail.order.button'))}
${validity && html`<p style="color:#555;font-size:.9rem">${validity}</p>`}`;
  return {
    language,
    subject: t.t('mail.order.subject', { site: siteNameOf(site), number: order.number }),
    text: `${text}\n`,
    html: mailLayout(t, site, body, false),
  };
}
