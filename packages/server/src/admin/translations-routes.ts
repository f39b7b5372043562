/**
 * Admin API for translated item fields (issue #18, data/translations.ts):
 *   GET    /_admin/v1/collections/{collectionId}/items/{itemId}/translations?siteId=
 *   PUT    /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}  {siteId, values: {field: text|null}}
 *   DELETE /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}?siteId=
 * PUT replaces that language's values (a field left out or null falls back to the default language again).
 * Callers: the admin key, the site's API key, or a console owner who may edit collections.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { httpErrors, invalidField } from '../http/errors.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { dataErrors } from '../data/errors.js';
import { isPlainObject } from '../data/json.js';
import { itemId } from '../data/scope.js';
import { readTranslations, writeTranslation } from '../data/translation-store.js';
import { parseTranslationValues, translationLanguage } from '../data/translations.js';
import { requireAdminFor } from './access.js';

const BASE = '/_admin/v1/collections/:collectionId/items/:itemId/translations';

interface Params {
  collectionId: string;
  itemId: string;
  language?: string;
}

const record = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});

async function target(ctx: AppContext, request: FastifyRequest, siteIdRaw: unknown) {
  const siteId = await requireAdminFor(ctx, request, siteIdRaw, CONSOLE_ROLES.collections);
  const site = ctx.sites.get(siteId);
  if (!site) throw httpErrors.notFound(`Unknown site "${siteId}"`, 'UNKNOWN_SITE');
  const params = request.params as Params;
  const collection = site.collections.find((c) => c.id === params.collectionId);
  if (!collection) throw dataErrors.unknownCollection(params.collectionId);
  if (!collection.translatable?.length) {
    throw invalidField('collectionId', `the ${collection.id} collection declares no "translatable" fields (config: collections[].translatable)`, 'NOT_TRANSLATABLE');
  }
  return { site, collection, id: itemId(params.itemId, 'itemId'), language: params.language };
}

export function registerTranslationAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(BASE, async (request) => {
    const { site, collection, id } = await target(ctx, request, record(request.query).siteId);
    return { translations: await readTranslations(ctx.db, site.id, collection, id) };
  });

  app.put(`${BASE}/:language`, async (request) => {
    const body = record(request.body);
    const { site, collection, id, language } = await target(ctx, request, body.siteId ?? record(request.query).siteId);
    const lang = translationLanguage(site, language, 'language');
    const values = parseTranslationValues(collection, body.values, 'values');
    return { translations: await writeTranslation(ctx.db, site.id, collection, id, lang, values) };
  });

  app.delete(`${BASE}/:language`, async (request) => {
    const { site, collection, id, language } = await target(ctx, request, record(request.query).siteId);
    const lang = translationLanguage(site, language, 'language');
    return { translations: await writeTranslation(ctx.db, site.id, collection, id, lang, {}) };
  });
}
