/**
 * Discount codes over the admin API (docs/commerce.md → Discount codes). Every console role reads them
 * (CONSOLE_ROLES.orders); owners and editors create, change and delete them (CONSOLE_ROLES.discounts); a key of
 * the site or the server's admin key may do both. Owners' changes go to the audit log.
 *   GET    /_admin/v1/commerce/discounts?siteId             → {discounts} (newest first)
 *   POST   /_admin/v1/commerce/discounts  {siteId, code, kind, value, minSubtotal?, startsAt?, endsAt?,
 *                                          usageLimit?, active?}                → {discount}
 *   PATCH  /_admin/v1/commerce/discounts/:id {siteId, …fields to change}      → {discount}
 *   DELETE /_admin/v1/commerce/discounts/:id?siteId                            → {}
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { Body, Described, Empty, Nullable, Open, op } from '../../http/schemas/common.js';
import { CONSOLE_ROLES } from '../../owners/access.js';
import { adminAccess, recordOwnerAction } from '../../owners/admin-access.js';
import type { OwnerRole } from '../../owners/store.js';
import { commerceSettings } from '../settings.js';
import { discountView, readDiscountInput } from './input.js';
import { createDiscount, deleteDiscount, findDiscount, listDiscounts, updateDiscount } from './store.js';

const PATH = '/_admin/v1/commerce/discounts';

const Discount = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'In capitals; shoppers type it in any case' }),
  kind: Type.Union([Type.Literal('percentage'), Type.Literal('amount')]),
  value: Type.Integer({ description: 'percentage: whole percent 1–100; amount: minor units of the currency' }),
  currency: Type.String(),
  minSubtotal: Type.Integer({ description: 'Minor units' }),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  usageLimit: Nullable(Type.Integer()),
  used: Type.Integer({ description: 'Orders placed with it (a cancelled order gives its use back)' }),
  active: Type.Boolean(),
  createdDate: Type.String(),
});
const Fields = {
  siteId: Described('The site'),
  code: Described('1 to 40 letters, digits, "-" or "_"'),
  kind: Described('percentage or amount'),
  value: Described('percentage: 1–100; amount: minor units (1850 = 18.50 EUR, 1850 = ¥1,850)'),
  minSubtotal: Described('Minor units; 0 for none'),
  startsAt: Described('ISO 8601, or null'),
  endsAt: Described('ISO 8601 (exclusive), or null'),
  usageLimit: Described('Orders it may be used for, or null'),
  active: Described('false: shoppers are told it does not exist'),
};
const Params = Type.Object({ id: Type.String({ maxLength: 200 }) });
const SiteQuery = Type.Object({ siteId: Described('The site') }, { additionalProperties: true });

const S = {
  list: op('Discount codes, newest first', Open({ discounts: Type.Array(Discount) }), { querystring: SiteQuery }),
  create: op('Create a discount code', Open({ discount: Discount }), { body: Body(Fields) }),
  update: op('Change a discount code (the fields named)', Open({ discount: Discount }), {
    params: Params,
    body: Body(Fields),
  }),
  remove: op('Delete a discount code (orders keep the code they were placed with)', Empty, {
    params: Params,
    querystring: SiteQuery,
  }),
};

type Input = Record<string, unknown>;
const input = (request: FastifyRequest): Input => ({
  ...((request.query ?? {}) as Input),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Input),
});

export const discountAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  async function open(request: FastifyRequest, roles: readonly OwnerRole[]) {
    const body = input(request);
    const access = await adminAccess(ctx, request, body.siteId, roles);
    const site = ctx.sites.get(access.siteId)!;
    return { body, access, site, currency: commerceSettings(site).currency };
  }

  app.get(PATH, { schema: S.list }, async (request) => {
    const { site, currency } = await open(request, CONSOLE_ROLES.orders);
    return { discounts: (await listDiscounts(ctx.db, site.id)).map((d) => discountView(d, currency)) };
  });

  app.post(PATH, { schema: S.create }, async (request) => {
    const { body, access, site, currency } = await open(request, CONSOLE_ROLES.discounts);
    const discount = await createDiscount(ctx.db, site.id, readDiscountInput(body), ctx.now());
    await recordOwnerAction(ctx, request, access, { action: 'discount_created', code: discount.code });
    return { discount: discountView(discount, currency) };
  });

  app.patch(`${PATH}/:id`, { schema: S.update }, async (request) => {
    const { body, access, site, currency } = await open(request, CONSOLE_ROLES.discounts);
    const current = await findDiscount(ctx.db, site.id, request.params.id);
    if (!current) throw appError('DISCOUNT_NOT_FOUND');
    const discount = await updateDiscount(ctx.db, site.id, current.id, readDiscountInput(body, current));
    if (!discount) throw appError('DISCOUNT_NOT_FOUND');
    await recordOwnerAction(ctx, request, access, { action: 'discount_changed', code: discount.code });
    return { discount: discountView(discount, currency) };
  });

  app.delete(`${PATH}/:id`, { schema: S.remove }, async (request) => {
    const { access, site } = await open(request, CONSOLE_ROLES.discounts);
    const current = await findDiscount(ctx.db, site.id, request.params.id);
    if (!current || !(await deleteDiscount(ctx.db, site.id, current.id))) throw appError('DISCOUNT_NOT_FOUND');
    await recordOwnerAction(ctx, request, access, { action: 'discount_deleted', code: current.code });
    return {};
  });
};
