import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import {
  authenticationOf,
  BackupMac,
  changedError,
  checkSigner,
  type BackupAuthentication,
  type BackupKey,
} from './authenticate.js';
import type { IndexDefinition, SequenceValue } from './catalog.js';

/**
 * A Vitrine backup: gzip'd JSON lines. The manifest first (so a restore checks it before loading
 * anything), then for each table a header naming its row count followed by that many rows (each row the
 * database's own `to_jsonb` text), then a trailer with per-table checksums, and last the MAC of every line before it
 * (authenticate.ts). The same stream feeds `vitrine move` without a file (and without a MAC) in between.
 */
export const FORMAT = 'vitrine-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** ISO time the snapshot was taken (inside its transaction). */
  created: string;
  source: 'pglite' | 'postgres';
  /** The newest applied migration, and every applied one (another build's numbers are refused on restore). */
  schemaVersion: number;
  migrations: number[];
  /** Ids (fingerprints) of the key-encryption key(s) the signing keys are sealed with — never a key; [] = unsealed. */
  keyEncryptionKeyIds: string[];
  /** Rows per table, in load order. */
  tables: Record<string, number>;
  sequences: SequenceValue[];
  /** What the source had, for the record only: a restore never runs them (load.ts rebuilds its own). */
  indexes: IndexDefinition[];
  /** How the file is signed; absent in backups made before backups were signed (and in `move`'s stream). */
  authentication?: BackupAuthentication;
}

export type Entry =
  | { t: 'manifest'; manifest: Manifest }
  | { t: 'table'; name: string; rows: number }
  | { t: 'row'; json: string }
  | { t: 'end'; checksums: Record<string, string> };

/** The file's last line: the MAC of every line before it (never handed to a loader). */
interface MacLine {
  t: 'mac';
  mac: string;
}

/** Where a snapshot goes: a file, or (move) straight into another database. */
export interface SnapshotSink {
  write(entry: Entry): Promise<void>;
  close(): Promise<void>;
  /** Set when the sink signs what it writes: the exporter records it in the manifest. */
  readonly authentication?: BackupAuthentication;
}

/** The checksum of one row's JSON text, to be summed per table (catalog.ts tableChecksum does the same in SQL). */
export function rowChecksum(json: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${createHash('md5').update(json).digest('hex').slice(0, 16)}`));
}

export class BackupFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFormatError';
  }
}

function line(entry: Entry): string {
  // Rows are written as they came from the database: one JSON object a line, no wrapper.
  return entry.t === 'row' ? entry.json : JSON.stringify(entry);
}

/** A backup file signed with `key`: each line goes into the MAC as written, the MAC follows the trailer. */
export function fileSink(path: string, key: BackupKey, onBytes?: (bytes: number) => void): SnapshotSink {
  const mac = new BackupMac(key);
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(out);
  let written = 0;
  gzip.on('data', (chunk: Buffer) => {
    written += chunk.length;
    onBytes?.(written);
  });
  const failed = new Promise<never>((_, reject) => {
    out.on('error', reject);
    gzip.on('error', reject);
  });
  failed.catch(() => {});
  const put = async (text: string) => {
    if (!gzip.write(`${text}\n`)) await Promise.race([once(gzip, 'drain'), failed]);
  };
  return {
    authentication: authenticationOf(key),
    async write(entry) {
      const text = line(entry);
      mac.line(text);
      await put(text);
      if (entry.t === 'end') await put(JSON.stringify({ t: 'mac', mac: mac.digest() } satisfies MacLine));
    },
    async close() {
      gzip.end();
      await Promise.race([once(out, 'close'), failed]);
    },
  };
}

/**
 * The entries of a backup file, checked for shape as they are read (a cut-off file ends without a trailer).
 * With `key`, also authenticated: a manifest this key did not sign is refused at once, and the MAC is checked
 * once the trailer is read, before the reader reports the end (so a loader that reads to the end, inside its
 * transaction, never commits a changed file). Without a key (`--unverified`) the MAC line is skipped.
 */
export async function* readBackup(path: string, key?: BackupKey): AsyncGenerator<Entry> {
  const input = createReadStream(path);
  // A missing or unreadable file is the operator's to fix: said in one line, not as a stream error.
  await new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => {
    throw new BackupFormatError(
      error.code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${error.message}`,
    );
  });
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const broken = new Promise<never>((_, reject) =>
    gunzip.on('error', (e) => reject(new BackupFormatError(`${path} is not a Vitrine backup (${e.message})`))),
  );
  broken.catch(() => {});
  let rowsLeft = 0;
  let first = true;
  let ended = false;
  let signed = false;
  const mac = key && new BackupMac(key);
  const iterator = lines[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), broken]);
      if (next.done) break;
      const text = next.value;
      if (first) {
        const head = parse(text, path);
        if (head.t !== 'manifest' || head.manifest?.format !== FORMAT)
          throw new BackupFormatError(`${path} is not a Vitrine backup (no manifest at its start)`);
        if (head.manifest.formatVersion > FORMAT_VERSION)
          throw new BackupFormatError(
            `${path} is in backup format ${head.manifest.formatVersion}; this Vitrine reads format ${FORMAT_VERSION}: upgrade Vitrine first`,
          );
        if (key) checkSigner(path, head.manifest.authentication, key);
        mac?.line(text);
        first = false;
        yield head;
        continue;
      }
      if (rowsLeft > 0) {
        rowsLeft--;
        mac?.line(text);
        yield { t: 'row', json: text };
        continue;
      }
      const entry = parse(text, path) as Entry | MacLine;
      if (ended) {
        if (entry.t !== 'mac' || signed) throw new BackupFormatError(`${path} has lines after its end`);
        if (mac && !mac.matches(entry.mac)) throw changedError(path, 'its authentication code does not match');
        signed = true;
        continue;
      }
      if (entry.t === 'mac') throw new BackupFormatError(`${path} has an authentication code before its end`);
      mac?.line(text);
      if (entry.t === 'table') {
        if (!Number.isSafeInteger(entry.rows) || entry.rows < 0)
          throw new BackupFormatError(`${path} is not a Vitrine backup (a table's row count is not a number)`);
        rowsLeft = entry.rows;
      }
      if (entry.t === 'end') ended = true;
      yield entry;
    }
  } finally {
    // A reader that stops early (readManifest) must not leave the file open.
    input.destroy();
  }
  if (first) throw new BackupFormatError(`${path} is empty`);
  if (!ended || rowsLeft > 0)
    throw new BackupFormatError(`${path} is cut off (it ends before its last table is complete)`);
  if (mac && !signed) throw changedError(path, 'its authentication code is missing');
}

/** Reads the whole file with `key` (restore's check before it touches the database); throws as readBackup does. */
export async function authenticateBackup(path: string, key: BackupKey): Promise<void> {
  for await (const entry of readBackup(path, key)) void entry;
}

function parse(text: string, path: string): Entry {
  try {
    return JSON.parse(text) as Entry;
  } catch {
    throw new BackupFormatError(`${path} is not a Vitrine backup (a line is not JSON)`);
  }
}

/** Only the manifest (listing backups, checks before a restore). */
export async function readManifest(path: string): Promise<Manifest> {
  for await (const entry of readBackup(path)) if (entry.t === 'manifest') return entry.manifest;
  throw new BackupFormatError(`${path} has no manifest`);
}
