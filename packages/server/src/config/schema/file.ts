/** The whole config file (`VITRINE_CONFIG`); `vitrine config schema` prints it as JSON Schema. */
import { Type } from 'typebox';
import { Choice, Flag, HttpUrl, List, Optional, Secret, Strict, Text, WholeNumber } from './common.js';
import { SiteSchema } from './site.js';
import { WebhookSettingsSchema } from './webhooks.js';

export const ConfigFileSchema = Strict(
  {
    $schema: Optional(Type.String()),
    publicUrl: Optional(HttpUrl()),
    adminKey: Optional(Secret()),
    devMailbox: Optional(Flag()),
    sites: List(SiteSchema, {
      minItems: 1,
      'x-too-few': 'must list at least one site',
      'x-required': 'must list at least one site',
    }),
    storefront: Optional(Strict({ siteId: Optional(Text()), clientId: Optional(Text()) })),
    bodyLimit: Optional(WholeNumber(1024, 64 * 1024 * 1024)),
    tokens: Optional(Strict({ keyRotationDays: Optional(WholeNumber(1, 3650)) })),
    webhooks: Optional(WebhookSettingsSchema),
    // Uploaded images (config/media.ts, docs/data.md#media); VITRINE_MEDIA_DIR wins over dir.
    media: Optional(Strict({ dir: Optional(Text()), maxBytes: Optional(WholeNumber(1024, 256 * 1024 * 1024)) })),
    // GET /metrics (docs/operating.md#metrics); VITRINE_METRICS_* variables win.
    metrics: Optional(
      Strict({ port: Optional(WholeNumber(1, 65_535)), host: Optional(Text()), public: Optional(Flag()) }),
    ),
    // PostgreSQL only; each value is overridden by its VITRINE_DB_* variable (docs/many-instances.md).
    database: Optional(
      Strict({
        poolSize: Optional(WholeNumber(1, 1000)),
        acquireTimeoutMs: Optional(WholeNumber(1, 600_000)),
        preparedStatements: Optional(Choice(['auto', 'named', 'unnamed'] as const)),
        // A streaming replica for data reads (DATABASE_READ_URL wins); docs/many-instances.md#read-replicas.
        readUrl: Optional(Text()),
        replicaMaxLagMs: Optional(WholeNumber(0, 3_600_000)),
        readYourWritesMs: Optional(WholeNumber(0, 3_600_000)),
      }),
    ),
    // Scheduled backups of the embedded database (config/backup.ts, docs/operating.md#backups).
    backups: Optional(
      Strict({
        everyHours: Optional(WholeNumber(1, 8760)),
        keep: Optional(WholeNumber(1, 1000)),
        dir: Optional(Text()),
      }),
    ),
  },
  { title: 'Vitrine config file', 'x-root': '(config file)' },
);

/** The file as load.ts checks it: each `sites[]` entry is checked by readSite (config-files/sites.ts) with SiteSchema. */
export const TopLevelSchema = Strict(
  {
    ...ConfigFileSchema.properties,
    sites: List(Type.Unknown(), {
      minItems: 1,
      'x-too-few': 'must list at least one site',
      'x-required': 'must list at least one site',
    }),
  },
  { 'x-root': '(config file)' },
);
