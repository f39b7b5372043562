/**
 * GET /_api/vitrine/v1/products/search (visitor/member; docs/commerce.md → Search): the storefront's search box
 * (`facets=false&limit=6` as the shopper types) and its ranked results page. Visible products only, whoever asks;
 * products in catalog v1's shape, names in the shopper's language (Accept-Language). Bounded by input.ts: no
 * throttle beyond the API's own, since a search costs at most SEARCH_LIMITS.candidates index matches.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { Key, Open, op } from '../../http/schemas/common.js';
import { siteLanguages } from '../../i18n/index.js';
import { catalogReader } from '../wix/reader.js';
import { productV1 } from '../wix/v1-shapes.js';
import { readSearchQuery, SEARCH_LIMITS } from './input.js';
import { ensureSearchLanguage, searchConfig } from './languages.js';
import { searchProducts } from './service.js';

const param = (description: string, maxLength = 20) => Type.Optional(Type.String({ description, maxLength }));

const schema = op(
  'Search the visible products: ranked, stemmed in the shopper’s language, typo-tolerant, with highlights and facets',
  Open({
    results: Key('[{product (catalog v1 shape), rank, nameHighlights: [{start, end}]}], best first'),
    total: Key('How many products match, counted up to 1,000'),
    exhaustive: Key('False when 1,000 or more products matched: total and facets count the first 1,000'),
    matched: Key('"text": products say the words; "similar": none did, these say the shop’s closest words (typos)'),
    corrected: Key('With "similar": the words searched instead'),
    currency: Key('The currency of prices and price facets (minor units)'),
    facets: Key('{collections: [{id, slug, name, count}], prices: [{from, to?, count}], inStock} unless facets=false'),
  }),
  {
    querystring: Type.Object(
      {
        q: param(`The words, at most ${SEARCH_LIMITS.textLength} characters and ${SEARCH_LIMITS.terms} words`, 400),
        collectionId: param('Only products of this collection', 400),
        minPrice: param('Cheapest price at least this, in minor units'),
        maxPrice: param('Cheapest price below this, in minor units'),
        inStock: param('true: only products in stock; false: only those out of stock'),
        limit: param(`Products per page, 1 to ${SEARCH_LIMITS.pageSize} (default 24)`),
        offset: param(`Products to skip, at most ${SEARCH_LIMITS.offset}`),
        facets: param('false: no facet counts (suggestions)'),
      },
      { additionalProperties: false },
    ),
  },
);

export const productSearchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The products' base language for every configured site, so the demo seed is stemmed from the start.
  for (const site of ctx.sites.sites) await ensureSearchLanguage(ctx.db, site.id, siteLanguages(site)[0]!);

  // Registered under `/_api/vitrine/v1` (Fastify's prefix, vitrine/routes.ts).
  app.get('/products/search', { schema }, async (request) => {
    const input = readSearchQuery(request.query);
    const reader = await catalogReader(request, ctx);
    const { site } = reader;
    await ensureSearchLanguage(ctx.db, site.id, siteLanguages(site)[0]!);
    const language = reader.language ?? siteLanguages(site)[0]!;
    const result = await searchProducts(
      {
        db: reader.db,
        siteId: site.id,
        currency: reader.currency,
        language: reader.language,
        config: searchConfig(language),
      },
      input,
    );
    const wire = { ...reader, shopper: true };
    return {
      results: result.hits.map((h) => ({
        product: productV1(h.product, wire),
        rank: h.rank,
        nameHighlights: h.nameHighlights,
      })),
      total: result.total,
      exhaustive: result.exhaustive,
      matched: result.matched,
      ...(result.corrected ? { corrected: result.corrected } : {}),
      currency: reader.currency,
      ...(result.facets ? { facets: result.facets } : {}),
    };
  });
};
