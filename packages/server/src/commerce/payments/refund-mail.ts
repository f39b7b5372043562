/**
 * The shopper's mail for a refund, in the order's language (orders/order-mail-language.ts): how much came back for
 * which order, and the owner's reason. Enqueued in the refund's transaction, like the order's other mails.
 */
import type { SiteConfig } from '../../config/types.js';
import { translator } from '../../i18n/index.js';
import { html } from '../../http/html.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mailLayout } from '../../mail/templates.js';
import { findMemberById } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import { formatMoney } from '../money.js';
import { orderMailLanguage } from '../orders/order-mail-language.js';
import type { Order } from '../orders/store.js';

export async function mailRefund(
  tx: Queryable,
  site: SiteConfig,
  order: Order,
  refund: { amount: number; currency: string; reason: string | null },
  now: number,
): Promise<void> {
  const member = order.memberId ? await findMemberById(tx, site.id, order.memberId) : undefined;
  const to = member?.email ?? order.buyerEmail;
  if (!to) return;
  const language = orderMailLanguage(site, order, member);
  const t = translator(language);
  const number = order.number;
  const amount = formatMoney(refund.amount, refund.currency, language);
  const lines = [
    t.t('mail.order.REFUNDED.intro', { number, amount }),
    refund.reason ? t.t('mail.order.note', { note: refund.reason }) : '',
  ].filter(Boolean);
  const why = t.t('mail.order.why', { number, site: site.name });
  await enqueueMail(
    tx,
    {
      siteId: site.id,
      kind: 'order-refund',
      to,
      language,
      subject: t.t('mail.order.REFUNDED.subject', { site: site.name, number }),
      text: `${lines.join('\n')}\n\n${why}\n`,
      // The reason is an owner's text: escaped by `html` like every value.
      html: mailLayout(
        t,
        site,
        html`${lines.map((line) => html`<p>${line}</p>`)}<p style="color:#777;font-size:.85rem">${why}</p>`,
        false,
      ),
    },
    now,
  );
}
