/**
 * GET /members-account/orders — the ORDERS section (docs/account-pages.md): the member's orders from the shop's
 * Orders collection (shop/orders.ts, the same read as GET /_api/vitrine/v1/orders), newest first, each
 * with its lines and totals.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../http/html.js';
import { pageQuery } from '../../http/pages/input.js';
import { DEFAULT_COLLECTIONS } from '../../shop/checkout.js';
import { listOrders, type OrderView } from '../../shop/orders.js';
import type { Scope } from '../pages.js';
import { accountContext, accountPage, type AccountPageContext } from './context.js';
import { hasOrders } from '../../oauth/account-paths.js';

interface Line {
  title?: unknown;
  quantity?: unknown;
  lineTotal?: unknown;
}

function renderOrders(a: AccountPageContext, orders: OrderView[]) {
  const { t } = a.lang;
  if (!orders.length) return html`<p>${t.t('account.orders.none')}</p>`;
  const date = new Intl.DateTimeFormat(t.language, { dateStyle: 'medium' });
  return html`<ol class="orders">${orders.map((o) => {
    const money = new Intl.NumberFormat(t.language, { style: 'currency', currency: o.currency || 'USD' });
    const created = Date.parse(o.createdDate);
    return html`<li><article aria-labelledby="order-${o._id}"><h2 id="order-${o._id}">${t.t('account.orders.number', { number: o.number })}</h2>
<p>${Number.isNaN(created) ? '' : date.format(created)} · ${t.t('account.orders.status', { status: o.status })}</p>
<ul>${(o.lines as Line[]).map(
      (l) =>
        html`<li>${String(l.title ?? '')} × ${Number(l.quantity ?? 0)} · ${money.format(Number(l.lineTotal ?? 0))}</li>`,
    )}</ul>
<p>${t.t('account.orders.subtotal')}: ${money.format(o.subtotal)}<br><strong>${t.t('account.orders.total')}: ${money.format(o.total)}</strong></p></article></li>`;
  })}</ol>`;
}

export async function accountOrdersPage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.method === 'HEAD')
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const a = await accountContext(scope, request, reply, pageQuery(request).redirectSessionId);
  if ('answer' in a) return a.answer;
  const orders = hasOrders(a.site)
    ? await listOrders(scope.ctx.db, a.site.id, DEFAULT_COLLECTIONS.orders, a.member.id)
    : [];
  return accountPage(reply, a, 'ORDERS', a.lang.t.t('account.orders.title'), renderOrders(a, orders));
}
