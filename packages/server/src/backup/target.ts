import { keyFingerprint } from '../security/index.js';
import { migrate } from '../store/migrate.js';
import { migrations as builtIn } from '../store/migrations/index.js';
import type { Database } from '../store/types.js';
import { publicTableCount } from './catalog.js';
import type { Manifest } from './format.js';

/** A refusal the operator can act on (exit code 2, no stack trace): wrong key, newer schema, busy target. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** A snapshot made by a newer Vitrine (or another build) names migrations this one does not have. */
export function checkSchema(manifest: Manifest, known: readonly number[] = builtIn.map((m) => m.version)): void {
  const unknown = manifest.migrations.filter((v) => !known.includes(v));
  if (unknown.length)
    throw new RestoreRefusedError(
      `this backup has a newer schema (version ${manifest.schemaVersion}; migrations ${unknown.join(', ')} are unknown to this Vitrine, whose newest is ${Math.max(...known)}): restore it with the Vitrine that made it, or a newer one`,
    );
}

/**
 * The signing keys in a snapshot are sealed with a key-encryption key: restoring them under another
 * (or none) would leave a server that cannot sign. Only ids are compared, never keys.
 */
export function checkKeyEncryptionKey(manifest: Manifest, key: Buffer | undefined): void {
  if (!manifest.keyEncryptionKeyIds.length) return;
  const mine = key ? keyFingerprint(key) : undefined;
  if (mine && manifest.keyEncryptionKeyIds.includes(mine)) return;
  throw new RestoreRefusedError(
    `this backup's signing keys are sealed with key-encryption key ${manifest.keyEncryptionKeyIds.join(', ')}, but ${
      mine ? `VITRINE_KEY_ENCRYPTION_KEY here is ${mine}` : 'VITRINE_KEY_ENCRYPTION_KEY is not set'
    }: set it to the key the backed-up server used`,
  );
}

/**
 * Readies `db` for a snapshot: refuses a database that already has tables (unless `force`, which drops the
 * `public` schema), then applies exactly the snapshot's migrations so its rows fit.
 */
export async function prepareTarget(
  db: Database,
  manifest: Manifest,
  options: { force: boolean; where: string; forceAllowed?: boolean },
): Promise<void> {
  const tables = await publicTableCount(db);
  if (tables > 0) {
    if (!options.force)
      throw new RestoreRefusedError(
        options.forceAllowed === false
          ? `${options.where} is not empty (${tables} tables): move into a new, empty database`
          : `${options.where} is not empty (${tables} tables): restore into an empty database, or add --force to replace everything in it`,
      );
    await db.exec('drop schema public cascade; create schema public');
  }
  await migrate(
    db,
    builtIn.filter((m) => manifest.migrations.includes(m.version)),
  );
}

/** After the load: the migrations this Vitrine has and the snapshot did not (an older backup), as at start. */
export async function migrateForward(db: Database): Promise<string[]> {
  return (await migrate(db)).applied;
}
