/** Schemas of the backup admin API (`/_admin/v1/backups`; backup/routes.ts). */
import { Type } from 'typebox';
import { Nullable, Open, op } from '../http/schemas/common.js';

const Backup = Open({
  name: Type.String({ description: 'File name in the backups folder' }),
  created: Type.String({ description: 'When the snapshot was taken (ISO 8601)' }),
  bytes: Type.Integer({ description: 'Size of the compressed file' }),
  schemaVersion: Type.Integer({ description: 'Newest migration applied in the snapshot' }),
  rows: Type.Integer({ description: 'Rows in every table together' }),
  tables: Type.Integer(),
});

export const createBackup = op(
  'Take a consistent backup into the backups folder (server admin key)',
  Open({ backup: Backup }),
);

export const downloadBackup = {
  summary: 'Download a backup from the backups folder (server admin key)',
  produces: ['application/gzip'],
  params: Type.Object({ name: Type.String({ maxLength: 80 }) }),
  response: { 200: Type.String({ description: 'The backup file (gzip, JSON lines)' }) },
};

export const latestBackup = op(
  'The newest backup in the backups folder and the backup schedule (server admin key, or a console owner)',
  Open({
    latest: Nullable(Backup),
    schedule: Nullable(
      Open({
        everyHours: Type.Integer(),
        keep: Type.Integer(),
        next: Type.String({ description: 'When the next scheduled backup is due (ISO 8601)' }),
      }),
    ),
    database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  }),
);
