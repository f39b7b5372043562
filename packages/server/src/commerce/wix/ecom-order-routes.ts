/**
 * `@wix/ecom` `orders` (docs/commerce.md → The eCom wire): a shopper's own orders and, for an API key of the
 * site, every order of the site.
 *   GET  /ecom/v1/orders/:id          → {order}: a member's own, one a visitor placed with its token (a thank-you
 *                                        page), any for an API key; 404 ORDER_NOT_FOUND for others'
 *   POST /ecom/v1/orders/search {search: {cursorPaging: {limit, cursor}}} → {orders, metadata}, newest first:
 *                                        a member's own, every order for an API key; 401 for a visitor
 * Search takes no `filter` or `sort` (refused by name, not ignored): a page of the caller's orders, newest first.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { NO_STORE } from '../../http/no-store.js';
import { Body, Described, Key, Open, op } from '../../http/schemas/common.js';
import { listOrders, ORDERS_PAGE_MAX } from '../orders/search.js';
import { findOrder, type Order } from '../orders/store.js';
import { ecomScope, type EcomScope } from './ecom-caller.js';
import { wixOrder } from './ecom-order-shapes.js';

const S = {
  get: op('One of the caller’s orders', Open({ order: Key('The order') }), {
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
  }),
  search: op(
    'The caller’s orders, newest first',
    Open({ orders: Key('Orders'), metadata: Key('{count, cursors: {next, prev}, hasNext}') }),
    { body: Body({ search: Described(`{cursorPaging: {limit (1–${ORDERS_PAGE_MAX}), cursor}}`) }) },
  ),
};

const mayRead = (scope: EcomScope, order: Order) =>
  !scope.owner ||
  (scope.owner.kind === 'member' ? order.memberId === scope.owner.id : order.visitorId === scope.owner.id);

const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function offsetOf(cursor: unknown): number {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  try {
    const o = (JSON.parse(Buffer.from(String(cursor), 'base64url').toString()) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0 && o <= 1_000_000) return o;
  } catch {
    // falls through to the refusal
  }
  throw invalidField('search.cursorPaging.cursor', 'is not a cursor of this search');
}

export const ecomOrderRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const shape = (scope: EcomScope, order: Order) =>
    wixOrder(order, {
      currency: order.currency,
      language: scope.wire.buyerLanguage,
      publicUrl: scope.wire.publicUrl,
      siteLanguage: scope.wire.siteLanguage,
    });

  app.get('/ecom/v1/orders/:id', { schema: S.get, config: NO_STORE }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    const order = await findOrder(ctx.db, scope.site.id, request.params.id);
    if (!order || !mayRead(scope, order)) throw appError('ORDER_NOT_FOUND');
    return { order: shape(scope, order) };
  });

  app.post('/ecom/v1/orders/search', { schema: S.search }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    if (scope.owner?.kind === 'visitor')
      throw appError('UNAUTHORIZED', { description: 'Sign in as a member to search orders' });
    const search = (request.body?.search ?? {}) as Record<string, unknown>;
    for (const key of ['filter', 'sort'] as const) {
      const v = search[key];
      const empty = v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0);
      if (!empty)
        throw invalidField(
          `search.${key}`,
          `is not supported here: a search answers the caller's orders, newest first`,
        );
    }
    const paging = (search.cursorPaging ?? {}) as { limit?: unknown; cursor?: unknown };
    const limit = paging.limit === undefined ? 50 : Number(paging.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > ORDERS_PAGE_MAX)
      throw invalidField('search.cursorPaging.limit', `must be a whole number from 1 to ${ORDERS_PAGE_MAX}`);
    const offset = offsetOf(paging.cursor);
    const { orders, total } = await listOrders(ctx.db, scope.site.id, scope.owner ? { memberId: scope.owner.id } : {}, {
      limit,
      offset,
    });
    const hasNext = offset + orders.length < total;
    return {
      orders: orders.map((o) => shape(scope, o)),
      metadata: {
        count: orders.length,
        cursors: {
          ...(hasNext ? { next: cursorOf(offset + orders.length) } : {}),
          ...(offset > 0 ? { prev: cursorOf(Math.max(0, offset - limit)) } : {}),
        },
        hasNext,
      },
    };
  });
};
