/**
 * `@wix/ecom` recommendations on the Wix wire, answered by the catalog (catalog/recommend.ts):
 *   POST /v1/recommendations/get        {algorithms, items?, minimumRecommendedItems?} → {recommendation}
 *   GET  /v1/recommendations/algorithms → {availableAlgorithms}
 * Every algorithm of Wix Stores' app runs the catalog's one algorithm; the answer names the first of them. Items
 * of another app are refused (`ITEM_APP_ID_NOT_SUPPORTED`), as are algorithms of no Stores app
 * (`ALGORITHM_NOT_SUPPORTED`). Fewer products than `minimumRecommendedItems` is an empty recommendation, as Wix
 * answers when no algorithm reaches the minimum. Callers as for the catalog (reader.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { nameUuid } from '../catalog/ids.js';
import { recommendProducts, STORES_APP_IDS } from '../catalog/recommend.js';
import { catalogReader, type Body } from './reader.js';
import * as S from './schemas.js';

const MAX_ITEMS = 100;
const DEFAULT_COUNT = 12;
const ALGORITHM_ID = nameUuid('algorithm:related-then-best-sellers');

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function references(raw: unknown, path: string, idKey: string, max: number): { id: string; appId: string }[] {
  if (raw == null) return [];
  if (!Array.isArray(raw) || raw.length > max) throw invalidField(path, `must be an array of at most ${max}`);
  return raw.map((entry, i) => {
    const id = isObject(entry) ? entry[idKey] : undefined;
    const appId = isObject(entry) ? entry.appId : undefined;
    if (typeof id !== 'string' || !id || id.length > 400) throw invalidField(`${path}[${i}].${idKey}`, 'is required');
    if (typeof appId !== 'string' || appId.length > 100) throw invalidField(`${path}[${i}].appId`, 'is required');
    return { id, appId };
  });
}

export const recommendationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/v1/recommendations/get', { schema: S.recommendations }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const body = request.body;
    const algorithms = references(body.algorithms, 'algorithms', 'id', 10);
    if (algorithms.length === 0) throw invalidField('algorithms', 'names at least one algorithm', 'REQUIRED');
    const items = references(body.items, 'items', 'catalogItemId', MAX_ITEMS);
    const minimum = body.minimumRecommendedItems ?? 0;
    if (typeof minimum !== 'number' || !Number.isInteger(minimum) || minimum < 0 || minimum > 100)
      throw invalidField('minimumRecommendedItems', 'must be a whole number from 0 to 100');
    const foreign = items.filter((i) => !STORES_APP_IDS.includes(i.appId));
    if (foreign.length)
      throw appError('ITEM_APP_ID_NOT_SUPPORTED', {
        data: { items: foreign.map((i) => ({ catalogItemId: i.id, appId: i.appId })) },
      });
    const algorithm = algorithms.find((a) => STORES_APP_IDS.includes(a.appId));
    if (!algorithm)
      throw appError('ALGORITHM_NOT_SUPPORTED', {
        data: { unsupportedAlgorithms: algorithms.map((a) => ({ id: a.id, appId: a.appId })) },
      });
    const count = Math.max(minimum, DEFAULT_COUNT);
    const ids = await recommendProducts(
      reader.db,
      reader.site.id,
      items.map((i) => i.id),
      count,
      ctx.now(),
    );
    const enough = ids.length >= minimum;
    return {
      recommendation: {
        items: enough ? ids.map((catalogItemId) => ({ catalogItemId, appId: algorithm.appId })) : [],
        algorithm: { id: algorithm.id, appId: algorithm.appId },
      },
    };
  });

  app.get('/v1/recommendations/algorithms', { schema: S.algorithms }, async (request) => {
    await catalogReader(request, ctx);
    return {
      availableAlgorithms: [
        {
          config: {
            name: 'Related, then best sellers',
            description:
              'Products sharing collections with the given ones, then the best sellers of the last 90 days, then the newest',
            algorithmType: 'RELATED_ITEMS',
            algorithmId: ALGORITHM_ID,
          },
          appId: STORES_APP_IDS[0],
          catalogAppIds: [...STORES_APP_IDS],
        },
      ],
    };
  });
};
