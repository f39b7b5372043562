/**
 * The read replica's settings (docs/many-instances.md#read-replicas): the config file's `database` section,
 * each overridden by its environment variable, as pool-settings.ts does for the pool.
 */
import { DEFAULT_REPLICA_SETTINGS, type ReplicaSettings } from './read-replica.js';

/** What the config file's `database` section may say about the replica. */
export interface ReplicaFileSettings {
  readUrl?: string;
  replicaMaxLagMs?: number;
  readYourWritesMs?: number;
}

const whole = (name: string, raw: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 3_600_000)
    throw new Error(`${name} must be a whole number of milliseconds up to 3600000, not "${raw}"`);
  return n;
};

export function replicaSettings(file: ReplicaFileSettings = {}, env: NodeJS.ProcessEnv = process.env): ReplicaSettings {
  const s: ReplicaSettings = { ...DEFAULT_REPLICA_SETTINGS };
  if (file.replicaMaxLagMs !== undefined) s.maxLagMs = file.replicaMaxLagMs;
  if (file.readYourWritesMs !== undefined) s.readYourWritesMs = file.readYourWritesMs;
  if (env.VITRINE_DB_REPLICA_MAX_LAG_MS)
    s.maxLagMs = whole('VITRINE_DB_REPLICA_MAX_LAG_MS', env.VITRINE_DB_REPLICA_MAX_LAG_MS);
  if (env.VITRINE_DB_READ_YOUR_WRITES_MS)
    s.readYourWritesMs = whole('VITRINE_DB_READ_YOUR_WRITES_MS', env.VITRINE_DB_READ_YOUR_WRITES_MS);
  // A write older than the window must be on any replica that passed the last check, or another instance
  // (which did not see the write) and this one could both serve the writer a read without it.
  const least = s.maxLagMs + s.checkEveryMs;
  if (s.readYourWritesMs < least)
    throw new Error(
      `the read-your-writes window (${s.readYourWritesMs} ms) must be at least the replica's lag bound plus its check interval (${least} ms)`,
    );
  return s;
}
