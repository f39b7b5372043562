import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server entry (src/main.ts, what `node dist/main.js` runs) bundled into one file, with the
 * message catalogs beside it as `npm run build` puts them: for tests that need a real process to signal.
 */
export async function buildServerEntry(): Promise<{ main: string; remove(): void }> {
  const dir = mkdtempSync(join(serverRoot, '.server-process-'));
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(serverRoot, 'src', 'main.ts')],
    outdir: join(dir, 'x'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  cpSync(join(serverRoot, 'src', 'i18n', 'catalogs'), join(dir, 'x', 'catalogs'), { recursive: true });
  return { main: join(dir, 'x', 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const vitrineBin = join(serverRoot, 'bin', 'vitrine.js');

/**
 * `node bin/vitrine.js serve` as an operator starts it (its node flags, its second process) on the embedded
 * database in `dataDir`, listening on 127.0.0.1:`port`; `env` on top of this process's, without DATABASE_URL and
 * NODE_OPTIONS.
 */
export function spawnVitrineServe(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  return spawn(process.execPath, [vitrineBin, 'serve', '--data-dir', dataDir], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed, for failure messages. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the bundled server on `port` and waits until `/readyz` answers 200. */
export async function startServerProcess(main: string, port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main, '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, PUBLIC_URL: url, VITRINE_CONFIG: '', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 1200) throw new Error(`the server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, output: () => output, exited };
}
