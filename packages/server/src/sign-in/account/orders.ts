/**
 * GET /members-account/orders — the ORDERS section (docs/account-pages.md): the member's orders from the commerce
 * module (the same as the eCom wire's `POST /ecom/v1/orders/search` answers them), newest first, each with its lines
 * (the variant's choices in their titles) and totals, in the order's currency and the page's language.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney, lineTitle, memberOrders, type Order } from '../../commerce/index.js';
import { html } from '../../http/html.js';
import { pageQuery } from '../../http/pages/input.js';
import type { Scope } from '../pages.js';
import { accountContext, accountPage, type AccountPageContext } from './context.js';

/** The newest orders the page lists; the storefront's orders page pages through the rest. */
const LISTED = 50;

function renderOrders(a: AccountPageContext, orders: Order[]) {
  const { t } = a.lang;
  if (!orders.length) return html`<p>${t.t('account.orders.none')}</p>`;
  const date = new Intl.DateTimeFormat(t.language, { dateStyle: 'medium' });
  return html`<ol class="orders">${orders.map((o) => {
    const money = (minor: number) => formatMoney(minor, o.currency, t.language);
    return html`<li><article aria-labelledby="order-${o.id}"><h2 id="order-${o.id}">${t.t('account.orders.number', { number: o.number })}</h2>
<p>${date.format(o.createdAt)} · ${t.t('account.orders.status', { status: o.status })}</p>
<ul>${o.lines.map((l) => html`<li><bdi>${lineTitle(l)}</bdi> × ${l.quantity} · ${money(l.subtotal)}</li>`)}</ul>
<p>${t.t('account.orders.subtotal')}: ${money(o.subtotal)}<br><strong>${t.t('account.orders.total')}: ${money(o.total)}</strong></p></article></li>`;
  })}</ol>`;
}

export async function accountOrdersPage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.method === 'HEAD')
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const a = await accountContext(scope, request, reply, pageQuery(request).redirectSessionId);
  if ('answer' in a) return a.answer;
  const orders = await memberOrders(scope.ctx.db, a.site.id, a.member.id, LISTED);
  return accountPage(reply, a, 'ORDERS', a.lang.t.t('account.orders.title'), renderOrders(a, orders));
}
