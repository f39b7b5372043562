/**
 * Admin API for translated item fields (issue #18, data/translations.ts):
 *   GET    /_admin/v1/collections/{collectionId}/items/{itemId}/translations?siteId=
 *   PUT    /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}  {siteId, values: {field: text|null}}
 *   DELETE /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}?siteId=
 * PUT replaces that language's values (a field left out or null falls back to the default language again).
 * Answers are serialised with JSON.stringify (the values as stored), their schema documents them.
 * Callers: the admin key, the site's API key, or a console owner who may edit collections.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import {
  dataErrors,
  isPlainObject,
  itemId,
  readTranslations,
  writeTranslation,
  parseTranslationValues,
  translationLanguage,
} from '../data/index.js';
import { adminAccess, recordOwnerAction, type OwnerActionDetail } from '../owners/admin-access.js';
import { plainJsonSerializer } from '../http/schemas/common.js';
import * as S from './schemas.js';

const BASE = '/_admin/v1/collections/:collectionId/items/:itemId/translations';

interface Params {
  collectionId: string;
  itemId: string;
  language?: string;
}

const record = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});

async function target(ctx: AppContext, request: FastifyRequest, params: Params, siteIdRaw: unknown) {
  const access = await adminAccess(ctx, request, siteIdRaw, CONSOLE_ROLES.collections);
  const site = ctx.sites.get(access.siteId);
  if (!site) throw appError('UNKNOWN_SITE', { description: `Unknown site "${access.siteId}"` });
  const collection = site.collections.find((c) => c.id === params.collectionId);
  if (!collection) throw dataErrors.unknownCollection(params.collectionId);
  if (!collection.translatable?.length) {
    throw invalidField(
      'collectionId',
      `the ${collection.id} collection declares no "translatable" fields (config: collections[].translatable)`,
      'NOT_TRANSLATABLE',
    );
  }
  return { access, site, collection, id: itemId(params.itemId, 'itemId'), language: params.language };
}

/** A console owner's write goes to the audit log as theirs (keys are not owners: nothing to record). */
async function audit(
  ctx: AppContext,
  request: FastifyRequest,
  t: Awaited<ReturnType<typeof target>>,
  action: OwnerActionDetail['action'],
  language: string,
) {
  await recordOwnerAction(ctx, request, t.access, { action, collection: t.collection.id, itemId: t.id, language });
}

export const translationAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(BASE, { schema: S.listTranslations, serializerCompiler: plainJsonSerializer }, async (request) => {
    const { site, collection, id } = await target(ctx, request, request.params, record(request.query).siteId);
    return { translations: await readTranslations(ctx.db, site.id, collection, id) };
  });

  app.put(
    `${BASE}/:language`,
    { schema: S.putTranslation, serializerCompiler: plainJsonSerializer },
    async (request) => {
      const body = record(request.body);
      const t = await target(ctx, request, request.params, body.siteId ?? record(request.query).siteId);
      const lang = translationLanguage(t.site, t.language, 'language');
      const values = parseTranslationValues(t.collection, body.values, 'values');
      const translations = await writeTranslation(ctx.db, t.site.id, t.collection, t.id, lang, values);
      await audit(ctx, request, t, 'translation_saved', lang);
      return { translations };
    },
  );

  app.delete(
    `${BASE}/:language`,
    { schema: S.deleteTranslation, serializerCompiler: plainJsonSerializer },
    async (request) => {
      const t = await target(ctx, request, request.params, record(request.query).siteId);
      const lang = translationLanguage(t.site, t.language, 'language');
      const translations = await writeTranslation(ctx.db, t.site.id, t.collection, t.id, lang, {});
      await audit(ctx, request, t, 'translation_removed', lang);
      return { translations };
    },
  );
};
