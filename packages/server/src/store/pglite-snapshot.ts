/**
 * The empty cluster every new embedded database starts from, and the Blob PGlite loads it through.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { embeddedSettings } from './pglite-memory.js';

/** The installed PGlite's version: it names the snapshots, whose files only that version can read. */
export function pgliteVersion(): string {
  try {
    // The package does not export its package.json; find it beside the resolved entry.
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * A tarball for PGlite's `loadDataDir`. Node's `Blob.arrayBuffer()` reads a blob back in small pulls and
 * joins them: for a 27 MB snapshot that was ~0.3 s of CPU on every open, a third of what opening a test
 * database costs. PGlite only asks for `arrayBuffer()`, so this Blob answers with a copy of bytes it keeps.
 * `once`: hand the bytes over on the first read and forget them. PGlite keeps its options (this Blob) for as
 * long as the database is open, so a kept snapshot stayed resident beside the cluster it made: 38 MB of a
 * first start's memory (bench/RESULTS.md → Embedded footprint).
 */
export class Tarball extends Blob {
  #bytes: Uint8Array | undefined;
  readonly #size: number;
  readonly #once: boolean;
  constructor(bytes: Uint8Array, options: { once?: boolean } = {}) {
    // Nothing handed to Blob itself: it copies what it is given (~90 ms of CPU for 27 MB), bytes never read.
    super([]);
    this.#bytes = bytes;
    this.#size = bytes.byteLength;
    this.#once = options.once ?? false;
  }
  override get size(): number {
    return this.#size;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    if (!bytes) return Promise.reject(new Error('This snapshot was already read once'));
    if (!this.#once) return Promise.resolve(bytes.slice().buffer as ArrayBuffer);
    this.#bytes = undefined;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return Promise.resolve((whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer);
  }
}

/**
 * A fresh cluster costs an initdb (seconds of WASM): every new database, in memory or in a new data directory,
 * instead starts from a snapshot of an empty cluster, made once per machine and kept in the temp folder.
 *
 * The snapshot is made in a child process: initdb runs code paths a serving database never runs again, and a
 * WebAssembly module's compiled code is kept for as long as the process uses the module, so making it in the
 * server's own process left ~16 MB more resident after a machine's first start (bench/RESULTS.md → #54, fourth
 * pass). Should the child fail (no way to start one), the server makes it itself, as before.
 */
export async function emptyClusterSnapshot(dir = tmpdir()): Promise<Blob> {
  const file = join(dir, `vitrine-pglite-empty-${pgliteVersion()}.tar`);
  if (!existsSync(file)) {
    // Databases opened at once on a new machine wait for one child.
    let made = making.get(file);
    if (!made) {
      made = makeInChild(file).finally(() => making.delete(file));
      making.set(file, made);
    }
    if (!(await made)) return new Tarball(await makeHere(file), { once: true });
  }
  return new Tarball(readFileSync(file), { once: true });
}

const making = new Map<string, Promise<boolean>>();

// The child's whole program: PGlite's entry and the target file come in its environment.
const CHILD_PROGRAM = `
import { renameSync, writeFileSync } from 'node:fs';
const { entry, file, startParams } = JSON.parse(process.env.VITRINE_EMPTY_CLUSTER);
const { PGlite } = await import(entry);
const pg = await PGlite.create({ startParams });
const bytes = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
await pg.close();
const partial = file + '.' + process.pid + '.tmp';
writeFileSync(partial, bytes);
renameSync(partial, file);
`;

/** Whether a child process wrote the snapshot to `file` (it writes a partial file and renames it). */
function makeInChild(file: string): Promise<boolean> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const spec = JSON.stringify({ entry, file, startParams: embeddedSettings().startParams });
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(process.execPath, ['--input-type=module', '--eval', CHILD_PROGRAM], {
        env: { ...process.env, VITRINE_EMPTY_CLUSTER: spec },
        stdio: 'ignore',
      });
    } catch {
      resolve(false);
      return;
    }
    // An initdb takes seconds; a child still busy after two minutes is stuck, and the server makes its own.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && existsSync(file));
    });
  });
}

async function makeHere(file: string): Promise<Uint8Array> {
  const fresh = await PGlite.create(embeddedSettings());
  const bytes = new Uint8Array(await (await fresh.dumpDataDir('none')).arrayBuffer());
  await fresh.close();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}
