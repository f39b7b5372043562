/**
 * Uploaded images (issue #30): the console's media library over the admin API, and the public files.
 *   POST   /_admin/v1/media?siteId=&name=   body: the image bytes (any image/* or application/octet-stream type)
 *   GET    /_admin/v1/media?siteId=&limit=&offset=   newest first, each with where it is used
 *   GET    /_admin/v1/media/{id}?siteId=        one file, with where it is used
 *   PUT    /_admin/v1/media/{id}/alt        {siteId, alt: {language: text}}
 *   DELETE /_admin/v1/media/{id}?siteId=
 *   GET    /_media/{id}.{ext}?w=&format=    the file or a variant; public, cached for a year (immutable)
 *   GET    /_media/{id}.{ext}/alt?language=  its alt text in a language (else the site's default); public
 * Callers of the admin routes: the admin key, the site's API key, or a console owner who may edit collections
 * (the one check, owners/admin-access.ts). The declared type and name are never trusted (images.ts, store.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { httpErrors, invalidField } from '../errors/wire.js';
import { Described, Empty, Open, OptionalBody, op } from '../http/schemas/common.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction, type AdminAccess, type OwnerActionDetail } from '../owners/admin-access.js';
import { clientIp } from '../security/index.js';
import {
  DEFAULT_MEDIA_CONCURRENCY,
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_VARIANT_MISSES,
  type MediaSettings,
} from '../config/media.js';
import {
  cleanName,
  findMedia,
  listMedia,
  MEDIA_PATH,
  mediaUrl,
  readMediaBytes,
  removeMedia,
  setAlt,
  type MediaRecord,
} from './store.js';
import { whereUsed, type MediaUse } from './usage.js';
import { startMetadataSweep } from './backfill.js';
import { MEDIA_TYPES } from './images.js';
import { storeUpload } from './upload.js';
import { parseVariant, variantBytes, variantKey } from './variants.js';
import { mediaWork } from './work.js';

const MediaInfo = Open({
  id: Type.String(),
  url: Type.String({ description: 'Public path: /_media/<id>.<ext>; add ?w=<width>&format=webp|avif for a variant' }),
  name: Type.String({ description: "The uploader's file name, cleaned (a label only)" }),
  contentType: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.Record(Type.String(), Type.String(), { description: 'Alt text per language' }),
  createdDate: Type.String(),
  usedBy: Type.Optional(
    Type.Array(Open({ collection: Type.String(), itemId: Type.String(), field: Type.String() }), {
      description: 'Items whose data holds this file',
    }),
  ),
});
// Routes that declared no query string before: `siteId` as the handler takes it (checked by adminAccess).
const SiteOfFile = Type.Object({ siteId: Described('The site') }, { additionalProperties: true });
const ListQuery = Type.Object(
  {
    siteId: Type.Optional(Type.String()),
    limit: Described('1 to 200 (default 50)'),
    offset: Described('Files to skip (default 0)'),
  },
  { additionalProperties: true },
);
const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
const FileParams = Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{24}\\.[a-z]{3,4}$' }) });
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const info = (m: MediaRecord, usedBy?: MediaUse[]) => ({
  id: m.id,
  url: mediaUrl(m),
  name: m.name,
  contentType: m.contentType,
  size: m.size,
  width: m.width,
  height: m.height,
  alt: m.alt,
  createdDate: m.createdDate,
  ...(usedBy ? { usedBy } : {}),
});

function parseAlt(value: unknown, languages: readonly string[]): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalidField('alt', 'must be an object of language → text, e.g. {"en": "A blue mug"}', 'REQUIRED');
  const alt: Record<string, string> = {};
  for (const [language, text] of Object.entries(value)) {
    if (!LANGUAGE.test(language) || (languages.length > 0 && !languages.includes(language)))
      throw invalidField(`alt.${language.slice(0, 20)}`, `must be a language of the site (${languages.join(', ')})`);
    if (typeof text !== 'string' || text.length > 500)
      throw invalidField(`alt.${language}`, 'must be text of at most 500 characters');
    if (text.trim()) alt[language] = text.trim();
  }
  return alt;
}

export const mediaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const settings: MediaSettings = ctx.config.media ?? { maxBytes: DEFAULT_MEDIA_MAX_BYTES };
  // This app's image work: its own slots (never argon2's), single flight, encode counts (work.ts).
  const work = mediaWork(settings.concurrency ?? DEFAULT_MEDIA_CONCURRENCY, ctx.metrics);
  const deps = { db: ctx.db, settings, work };
  const missRule = { ...DEFAULT_VARIANT_MISSES, ...settings.variantMisses };
  // Files stored before uploads were cleaned lose their metadata in the background, in the same slots (backfill.ts).
  const sweep = startMetadataSweep({ ...deps, log: ctx.log });
  fastify.addHook('onClose', () => sweep.stop());

  // Raw bytes, only inside this plugin: images by any declared type (sniffed anyway) and unlabelled files.
  const rawBody = (_request: unknown, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body as Buffer);
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: settings.maxBytes }, rawBody);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: settings.maxBytes }, rawBody);

  const access = (request: FastifyRequest) =>
    adminAccess(
      ctx,
      request,
      (request.query as { siteId?: unknown }).siteId ?? (request.body as { siteId?: unknown } | undefined)?.siteId,
      CONSOLE_ROLES.collections,
    );

  const audit = (request: FastifyRequest, access: AdminAccess, detail: OwnerActionDetail) =>
    recordOwnerAction(ctx, request, access, detail);

  async function ownMedia(request: FastifyRequest, id: string) {
    const who = await access(request);
    const media = await findMedia(ctx.db, id, who.siteId);
    if (!media) throw appError('NOT_FOUND', { description: 'No such media file on this site' });
    return { who, media };
  }

  app.post(
    '/_admin/v1/media',
    {
      bodyLimit: settings.maxBytes,
      schema: {
        ...op('Upload an image', Open({ media: MediaInfo })),
        querystring: Type.Object(
          { siteId: Type.Optional(Type.String()), name: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: true },
        ),
        // Documents the bytes without checking them here (an untyped schema, as the body had before): the
        // content-type parsers above read them, and the handler refuses anything that is not an image.
        body: Type.Unsafe<Buffer | undefined>({ description: 'The image file itself' }),
        consumes: [...Object.values(MEDIA_TYPES).map((t) => t.contentType), 'application/octet-stream'],
        description: `The body is the file itself (JPEG, PNG, WebP, AVIF or GIF, at most ${settings.maxBytes} bytes); its type is read from the bytes.`,
      },
    },
    async (request) => {
      const who = await access(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw appError('UNSUPPORTED_MEDIA_TYPE', {
          description: 'Send the image bytes as the body (Content-Type: image/… )',
        });
      const media = await storeUpload(
        deps,
        { siteId: who.siteId, name: cleanName(request.query.name), createdBy: who.owner?.id },
        request.body,
      );
      await audit(request, who, { action: 'media_uploaded', mediaId: media.id, size: media.size });
      return { media: info(media) };
    },
  );

  app.get(
    '/_admin/v1/media',
    {
      schema: op('Media files of a site, newest first', Open({ media: Type.Array(MediaInfo), total: Type.Integer() }), {
        querystring: ListQuery,
      }),
    },
    async (request) => {
      const who = await access(request);
      const q = request.query as { limit?: string; offset?: string };
      // Whole numbers only: `offset=1.5` reached PostgreSQL as is and failed there (a 500 the route fuzz found).
      const limit = Math.min(Math.max(Math.floor(Number(q.limit ?? 50)) || 50, 1), 200);
      const offset = Math.min(Math.max(Math.floor(Number(q.offset ?? 0)) || 0, 0), 1_000_000);
      const page = await listMedia(ctx.db, who.siteId, { limit, offset });
      const uses = await whereUsed(
        ctx.db,
        who.siteId,
        page.media.map((m) => m.id),
      );
      return { media: page.media.map((m) => info(m, uses.get(m.id))), total: page.total };
    },
  );

  app.get(
    '/_admin/v1/media/:id',
    {
      schema: op('One media file, with the items that use it', Open({ media: MediaInfo }), {
        params: IdParams,
        querystring: SiteOfFile,
      }),
    },
    async (request) => {
      const { who, media } = await ownMedia(request, request.params.id);
      const uses = await whereUsed(ctx.db, who.siteId, [media.id]);
      return { media: info(media, uses.get(media.id)) };
    },
  );

  app.put(
    '/_admin/v1/media/:id/alt',
    {
      schema: op('Set the alt text of an image, per language', Open({ media: MediaInfo }), {
        params: IdParams,
        querystring: SiteOfFile,
        body: OptionalBody({
          siteId: Described('The site (or `?siteId=`)'),
          alt: Described(
            'Language → text (at most 500 characters; empty removes it), e.g. {"en": "A blue mug"}',
            'any',
          ),
        }),
      }),
    },
    async (request) => {
      const { who, media } = await ownMedia(request, request.params.id);
      const site = ctx.sites.get(who.siteId)!;
      const alt = parseAlt((request.body as { alt?: unknown } | undefined)?.alt, site.languages ?? []);
      const saved = await setAlt(ctx.db, who.siteId, media.id, alt);
      await audit(request, who, { action: 'media_alt_saved', mediaId: media.id });
      return { media: info(saved!) };
    },
  );

  app.delete(
    '/_admin/v1/media/:id',
    {
      schema: op('Delete an image (items that use it keep a broken link)', Empty, {
        params: IdParams,
        querystring: SiteOfFile,
      }),
    },
    async (request) => {
      const { who, media } = await ownMedia(request, request.params.id);
      await removeMedia(ctx.db, settings, media);
      await audit(request, who, { action: 'media_removed', mediaId: media.id });
      return {};
    },
  );

  // The alt text is published with the picture (the storefront shows it, server-rendered or not): public too.
  app.get(
    `${MEDIA_PATH}/:file/alt`,
    {
      schema: {
        summary: "An uploaded image's alt text in a language (public)",
        params: FileParams,
        querystring: Type.Object({ language: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: {
          200: Object.assign(Open({ alt: Type.String({ description: "'' when the image has none" }) }), {
            description: "The text in `language`, else in the site's default language, else ''",
          }),
        },
      },
    },
    async (request, reply) => {
      const [id, ext] = request.params.file.split('.') as [string, string];
      const media = await findMedia(ctx.db, id);
      if (!media || mediaUrl(media) !== `${MEDIA_PATH}/${id}.${ext}`)
        throw appError('NOT_FOUND', { description: 'No such media file' });
      const fallback = ctx.sites.get(media.siteId)?.languages?.[0] ?? 'en';
      const language = request.query.language ?? fallback;
      reply.header('cache-control', 'no-cache');
      return { alt: media.alt[language] ?? media.alt[language.split('-')[0]!] ?? media.alt[fallback] ?? '' };
    },
  );

  app.get(
    `${MEDIA_PATH}/:file`,
    {
      schema: {
        summary: 'An uploaded image or a variant of it (public)',
        params: FileParams,
        querystring: Type.Object(
          { w: Type.Optional(Type.String()), format: Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
        produces: ['image/*'],
        response: { 200: Type.String({ description: 'The image: the original, or the variant asked for' }) },
      },
    },
    async (request, reply) => {
      const [id, ext] = request.params.file.split('.') as [string, string];
      const want = parseVariant(request.query);
      const media = await findMedia(ctx.db, id);
      if (!media || mediaUrl(media) !== `${MEDIA_PATH}/${id}.${ext}`)
        throw appError('NOT_FOUND', { description: 'No such media file' });
      const key = variantKey(media, want);
      // A miss starts an encode: counted per address, 429 with Retry-After beyond the limit.
      const onMiss = async () => {
        const limit = await ctx.limiter.hit(`ip:media-variant:${clientIp(request)}`, missRule);
        if (!limit.allowed)
          throw httpErrors.tooManyRequests(limit.retryAfterSeconds, 'Too many new image variants, try again later');
      };
      const bytes = key ? await variantBytes(deps, media, key, onMiss) : await readMediaBytes(ctx.db, settings, media);
      return reply
        .header('content-type', key ? MEDIA_TYPES[key.format].contentType : media.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${media.sha256.slice(0, 32)}-${key ? `${key.width}-${key.format}` : 'o'}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(bytes as never); // bytes, sent as they are (the schema documents them for the reference)
    },
  );
};
