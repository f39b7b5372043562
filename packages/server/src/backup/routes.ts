import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { CONSOLE_ROLES, isOwnerRequest, requireOwner } from '../owners/access.js';
import { requireServerAdmin } from '../owners/admin-access.js';
import { backupKey } from './authenticate.js';
import { BACKUP_NAME, backupIntoFolder, listBackups } from './folder.js';
import { nextBackupDue, startBackupSchedule } from './schedule.js';
import * as S from './schemas.js';

/**
 * Backups through the running server: what `vitrine backup` calls while a server holds the embedded
 * database (only the server's admin key may take or download one: a backup holds every site), and the
 * newest backup for the console's Settings page (any owner may see when it was).
 */
export const backupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = () => ctx.config.backups?.dir ?? join(ctx.config.dataDir, 'backups');
  const stop = startBackupSchedule(ctx);
  app.addHook('onClose', async () => stop());

  app.post('/_admin/v1/backups', { schema: S.createBackup }, async (request) => {
    await requireServerAdmin(ctx, request);
    const backup = await backupIntoFolder(ctx.db, dir(), backupKey(ctx.config));
    ctx.log.info({ backup: backup.name, rows: backup.rows }, 'backup written on request');
    return { backup };
  });

  app.get('/_admin/v1/backups/latest', { schema: S.latestBackup }, async (request) => {
    await ownerOrServerAdmin(ctx, request);
    const settings = ctx.config.backups;
    const everyHours = ctx.db.kind === 'pglite' ? settings?.everyHours : undefined;
    return {
      latest: listBackups(dir())[0] ?? null,
      schedule: everyHours
        ? {
            everyHours,
            keep: settings!.keep,
            next: new Date(nextBackupDue(dir(), everyHours, ctx.now())).toISOString(),
          }
        : null,
      database: ctx.db.kind,
    };
  });

  app.get('/_admin/v1/backups/:name', { schema: S.downloadBackup }, async (request, reply) => {
    await requireServerAdmin(ctx, request);
    const { name } = request.params;
    // Names are matched, never joined as given: nothing outside the folder can be asked for.
    const file = join(dir(), name);
    if (!BACKUP_NAME.test(name) || !existsSync(file))
      throw appError('NOT_FOUND', { description: `No backup named "${name.slice(0, 80)}"` });
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(createReadStream(file) as never); // a stream, not the string the schema documents
  });
};

async function ownerOrServerAdmin(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if (isOwnerRequest(ctx, request)) await requireOwner(ctx, request, CONSOLE_ROLES.settings);
  else await requireServerAdmin(ctx, request);
}
