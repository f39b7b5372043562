import { BackupAuthenticationError } from './backup/authenticate.js';
import { BackupFormatError } from './backup/format.js';
import { backupCommand, describe, moveCommand, restoreCommand } from './backup/commands.js';
import { VerificationError } from './backup/load.js';
import { RestoreRefusedError } from './backup/target.js';
import type { ServerConfig } from './config/types.js';

/**
 * `vitrine backup [--out FILE]`, `vitrine restore FILE [--force] [--unverified]`, `vitrine move --to postgres://…`:
 * progress on stderr, the outcome on stdout, a one-line reason (never a stack trace) on failure.
 * Exit codes: 0 done, 2 refused (the operator's to fix: a wrong key, a newer backup, a busy or non-empty
 * target, a bad, changed or unsigned file), 1 anything else.
 */
export type BackupCliCommand = 'backup' | 'restore' | 'move';

export interface BackupCliOptions {
  file?: string | undefined;
  out?: string | undefined;
  force?: boolean | undefined;
  /** restore: load a file this server cannot authenticate (still data only). */
  unverified?: boolean | undefined;
  to?: string | undefined;
}

const progress = (line: string) => process.stderr.write(`${line}\n`);

export async function runBackupCli(
  command: BackupCliCommand,
  config: ServerConfig,
  options: BackupCliOptions,
): Promise<number> {
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    if (command === 'backup') {
      const { file, manifest, via } = await backupCommand(config, options.out, progress);
      process.stdout.write(
        `Backup written to ${file}${via === 'server' ? ' (taken by the running server)' : ''} in ${took()}: ${describe(manifest)}.\n` +
          `Key-encryption key id: ${manifest.keyEncryptionKeyIds.join(', ') || 'none (signing keys not sealed)'}\n` +
          (manifest.authentication
            ? `Signed with backup key ${manifest.authentication.keyId} (derived from ${manifest.authentication.from === 'key-encryption-key' ? 'VITRINE_KEY_ENCRYPTION_KEY' : 'the admin key'})\n`
            : '') +
          // A large PostgreSQL database, or point-in-time recovery: the server's own tools (docs/operating.md#backups).
          (manifest.source === 'postgres'
            ? 'PostgreSQL\'s own tools work as well: pg_dump --format=custom "$DATABASE_URL" > vitrine.dump\n'
            : ''),
      );
      return 0;
    }
    if (command === 'restore') {
      if (!options.file) return usage('restore needs a FILE');
      const { manifest, upgraded } = await restoreCommand(
        config,
        options.file,
        { force: options.force ?? false, unverified: options.unverified ?? false },
        progress,
      );
      process.stdout.write(
        `Restored ${describe(manifest)} in ${took()}; row counts and checksums match the backup.\n` +
          (upgraded.length ? `Then applied ${upgraded.length} newer migrations (${upgraded.join(', ')}).\n` : '') +
          'Start the server on it: npx vitrine serve\n',
      );
      return 0;
    }
    if (!options.to) return usage('move needs --to postgres://USER:PASSWORD@HOST:5432/DATABASE');
    const { manifest, databaseUrl } = await moveCommand(config, options.to, progress);
    process.stdout.write(
      `Moved ${describe(manifest)} to PostgreSQL in ${took()}; row counts and checksums match.\n` +
        `Start the server on it with:\n  DATABASE_URL=${databaseUrl} npx vitrine serve\n` +
        `(the embedded database in ${config.dataDir} is left as it was; keep it until you are happy with the move)\n`,
    );
    return 0;
  } catch (error) {
    console.error(`vitrine ${command}: ${(error as Error).message}`);
    return error instanceof RestoreRefusedError ||
      error instanceof BackupFormatError ||
      error instanceof BackupAuthenticationError ||
      error instanceof VerificationError
      ? 2
      : 1;
  }
}

function usage(message: string): number {
  console.error(`vitrine: ${message}`);
  return 2;
}
