/**
 * What Vitrine serves beside the Wix wire for its own storefront (docs/commerce.md → Vitrine's own routes): the
 * reads Wix's clients have no call for.
 *   GET  /_api/vitrine/v1/shipping-methods  (visitor/member) → {methods, countries}: `sites[].shipping` as
 *                                             configured (amounts as written, in the currency's units; names and
 *                                             descriptions in the Accept-Language's language where the config
 *                                             translates them), for any site; empty lists when it has no methods
 *   GET  /_api/vitrine/v1/products/search  (visitor/member) ?q&collectionId&minPrice&maxPrice&inStock&limit&offset
 *                                             &facets → ranked products with highlights and facets (search/)
 *   POST /_api/vitrine/v1/orders/by-link    (visitor/member) {token} → {order}: the order a confirmation mail's
 *                                             signed link names (orders/order-link.ts), in the shape of
 *                                             GET /ecom/v1/orders/:id; 404 for a forged token, 410 once expired
 * The link proves itself, so any visitor or member of the site may open it (a guest on another device, or after
 * the order joined the account of the guest's verified address).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { named } from '../../http/named-plugin.js';
import { Key, Open, op } from '../../http/schemas/common.js';
import { orderLinkSecret, readOrderLink } from '../orders/order-link.js';
import { findOrder } from '../orders/store.js';
import { shippingIn } from '../../config/shipping.js';
import { productSearchRoutes } from '../search/routes.js';
import { deliveredCountries } from '../pricing/shipping.js';
import { ecomScope } from '../wix/ecom-caller.js';
import { wixOrder } from '../wix/ecom-order-shapes.js';

export const VITRINE_PREFIX = '/_api/vitrine/v1';

const S = {
  shippingMethods: op(
    "The site's delivery methods (flat rates per country, free above an amount), as `sites[].shipping` says",
    Open({
      methods: Key(
        'Methods {id, name, description?, rates: [{countries, amount}], freeAbove?}, named in the Accept-Language’s language where translated',
      ),
      countries: Key('Every country some method delivers to, sorted'),
    }),
  ),
  orderByLink: op(
    "An order by the signed token of its confirmation mail's link (410 once expired), as GET /ecom/v1/orders/:id answers it",
    Open({ order: Key('The order, in the eCom wire’s shape') }),
    { body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 300 }) }) },
  ),
};

export const vitrineCommerceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await fastify.register(named(productSearchRoutes), { ctx, prefix: VITRINE_PREFIX });

  app.get(`${VITRINE_PREFIX}/shipping-methods`, { schema: S.shippingMethods }, async (request) => {
    const { site, wire } = await ecomScope(request, ctx, { keys: false });
    if (!site.shipping) return { methods: [], countries: [] };
    // Named in the shopper's language (Accept-Language among the site's languages) where the config translates them.
    const shipping = shippingIn(site.shipping, wire.buyerLanguage);
    return {
      methods: shipping.methods.map((m) => ({
        id: m.id,
        name: m.name,
        ...(m.description ? { description: m.description } : {}),
        rates: m.rates,
        ...(m.freeAbove !== undefined ? { freeAbove: m.freeAbove } : {}),
      })),
      countries: deliveredCountries(shipping),
    };
  });

  app.post(`${VITRINE_PREFIX}/orders/by-link`, { schema: S.orderByLink }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: false });
    const { site, wire } = scope;
    const id = readOrderLink(orderLinkSecret(ctx.tokens.keys), site.id, request.body.token, ctx.now());
    const order = await findOrder(ctx.db, site.id, id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return {
      order: wixOrder(order, {
        currency: order.currency,
        language: wire.buyerLanguage,
        publicUrl: wire.publicUrl,
        siteLanguage: wire.siteLanguage,
      }),
    };
  });
};
