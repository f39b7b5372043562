import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real PgBouncer process in front of a PostgreSQL server, as an operator runs it: Debian's `pgbouncer`,
 * transaction pooling and otherwise its default settings (no `ignore_startup_parameters`, no
 * `max_prepared_statements`) unless `settings` adds some. Every database name is passed through (`* =`).
 */
export interface PgBouncer {
  port: number;
  /** `postgres://…` of `database` through this PgBouncer. */
  url(database: string): string;
  /** What PgBouncer logged so far (its refusals name the cause, e.g. "unsupported startup parameter"). */
  log(): string;
  stop(): Promise<void>;
}

export const PGBOUNCER_BIN =
  process.env.PGBOUNCER_PATH ?? ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

/** `[major, minor]` of the installed PgBouncer, or undefined when there is none. */
export function pgBouncerVersion(): [number, number] | undefined {
  if (!PGBOUNCER_BIN) return undefined;
  const m = /PgBouncer (\d+)\.(\d+)/.exec(execFileSync(PGBOUNCER_BIN, ['--version'], { encoding: 'utf8' }));
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** PgBouncer ≥ 1.21 tracks protocol-level prepared statements (`max_prepared_statements`). */
export function pgBouncerTracksPreparedStatements(): boolean {
  const v = pgBouncerVersion();
  return Boolean(v && (v[0] > 1 || v[1] >= 21));
}

/**
 * A shell that runs PgBouncer (`"$0" "$@"`) and stops it when told to (TERM) or once process `pid` is gone:
 * Vitest ends its workers without running exit handlers, which would leave PgBouncer running after the tests.
 */
export const watchdog = (pid: number) =>
  `"$0" "$@" & bouncer=$!; trap 'kill $bouncer 2>/dev/null; wait $bouncer; exit 0' TERM INT; ` +
  `while kill -0 ${pid} 2>/dev/null && kill -0 $bouncer 2>/dev/null; do sleep 1; done; kill $bouncer 2>/dev/null; wait $bouncer`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface PgBouncerOptions {
  /** `postgres://user@host:port/…` of the server behind (trust or the password in the URL). */
  upstream: string;
  /** Default `transaction`. */
  poolMode?: 'transaction' | 'session' | 'statement';
  /** Extra `[pgbouncer]` settings, e.g. `{ max_prepared_statements: 100 }` or `{ default_pool_size: 2 }`. */
  settings?: Record<string, string | number>;
}

export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  if (!PGBOUNCER_BIN) throw new Error('pgbouncer is not installed (apt-get install pgbouncer, or set PGBOUNCER_PATH)');
  const up = new URL(options.upstream);
  const user = decodeURIComponent(up.username || 'postgres');
  const password = decodeURIComponent(up.password);
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-pgbouncer-'));
  // PgBouncer will not run as root; it then runs as `nobody`, which must read these files.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const settings: Record<string, string | number> = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: join(dir, 'users.txt'),
    pool_mode: options.poolMode ?? 'transaction',
    logfile: '',
    pidfile: '',
    ...options.settings,
  };
  const upstreamOptions = `host=${up.hostname} port=${up.port || 5432}${password ? ` password=${password}` : ''}`;
  const ini = [
    '[databases]',
    `* = ${upstreamOptions}`,
    '[pgbouncer]',
    ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
  ].join('\n');
  writeFileSync(join(dir, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });

  const root = process.getuid?.() === 0;
  const args = [...(root ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn('/bin/sh', ['-c', watchdog(process.pid), PGBOUNCER_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => void (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => void (log += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);

  for (let waited = 0; !(await accepts(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      kill();
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url(database) {
      const url = new URL(options.upstream);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    log: () => log,
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode === null) {
        kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `VITRINE_TEST_PGBOUNCER=1` (with `VITRINE_TEST_DATABASE_URL`): every test server of this process reaches
 * its database through one PgBouncer in transaction mode with default settings, started on first use.
 * `VITRINE_TEST_PGBOUNCER_SETTINGS="max_prepared_statements=100;…"` adds settings.
 */
let shared: Promise<PgBouncer> | undefined;
export function testPgBouncer(adminUrl: string): Promise<PgBouncer> | undefined {
  if (!process.env.VITRINE_TEST_PGBOUNCER || process.env.VITRINE_TEST_PGBOUNCER === '0') return undefined;
  const settings = Object.fromEntries(
    (process.env.VITRINE_TEST_PGBOUNCER_SETTINGS ?? '')
      .split(';')
      .filter(Boolean)
      .map((kv) => kv.split('=').map((s) => s.trim()) as [string, string]),
  );
  shared ??= startPgBouncer({ upstream: adminUrl, settings });
  return shared;
}
