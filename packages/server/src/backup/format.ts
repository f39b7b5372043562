import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { IndexDefinition, SequenceValue } from './catalog.js';

/**
 * A Vitrine backup: gzip'd JSON lines. The manifest first (so a restore checks it before loading
 * anything), then for each table a header naming its row count followed by that many rows (each row the
 * database's own `to_jsonb` text), then a trailer with per-table checksums. The same stream feeds
 * `vitrine move` without a file in between.
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
  indexes: IndexDefinition[];
}

export type Entry =
  | { t: 'manifest'; manifest: Manifest }
  | { t: 'table'; name: string; rows: number }
  | { t: 'row'; json: string }
  | { t: 'end'; checksums: Record<string, string> };

/** Where a snapshot goes: a file, or (move) straight into another database. */
export interface SnapshotSink {
  write(entry: Entry): Promise<void>;
  close(): Promise<void>;
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

export function fileSink(path: string, onBytes?: (bytes: number) => void): SnapshotSink {
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
  return {
    async write(entry) {
      if (!gzip.write(`${line(entry)}\n`)) await Promise.race([once(gzip, 'drain'), failed]);
    },
    async close() {
      gzip.end();
      await Promise.race([once(out, 'close'), failed]);
    },
  };
}

/** The entries of a backup file, checked for shape as they are read (a cut-off file ends without a trailer). */
export async function* readBackup(path: string): AsyncGenerator<Entry> {
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
        first = false;
        yield head;
        continue;
      }
      if (rowsLeft > 0) {
        rowsLeft--;
        yield { t: 'row', json: text };
        continue;
      }
      const entry = parse(text, path);
      if (entry.t === 'table') rowsLeft = entry.rows;
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
