// A PgBouncer for the bench's pooler modes: Debian's `pgbouncer`, transaction pooling, otherwise its defaults.
// The same set-up as packages/server/test-support/pgbouncer.ts (the tests'), in plain JavaScript for the bench.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PGBOUNCER_PATH ?? ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Starts PgBouncer in front of `upstream` (a postgres:// URL); returns `url(database)`; stopped at exit. */
export async function startPgBouncer(upstream) {
  if (!BIN) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const up = new URL(upstream);
  const user = decodeURIComponent(up.username || 'postgres');
  const password = decodeURIComponent(up.password);
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-pgbouncer-'));
  chmodSync(dir, 0o755); // PgBouncer will not run as root: it runs as `nobody`, which reads these files
  const port = await freePort();
  const ini = [
    '[databases]',
    `* = host=${up.hostname} port=${up.port || 5432}${password ? ` password=${password}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    'logfile =',
    'pidfile =',
  ].join('\n');
  writeFileSync(join(dir, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  const root = process.getuid?.() === 0;
  // The shell stops PgBouncer once this process is gone, however it ends (as test-support/pgbouncer.ts does);
  // unref: the bench exits when it is done.
  const watchdog =
    `"$0" "$@" & bouncer=$!; trap 'kill $bouncer 2>/dev/null; wait $bouncer; exit 0' TERM INT; ` +
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 $bouncer 2>/dev/null; do sleep 1; done; kill $bouncer 2>/dev/null; wait $bouncer`;
  const args = [...(root ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')];
  const child = spawn('/bin/sh', ['-c', watchdog, BIN, ...args], { stdio: 'ignore' });
  child.unref();
  process.on('exit', () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });
  for (let waited = 0; !(await accepts(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) throw new Error('pgbouncer did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url(database) {
      const url = new URL(upstream);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.href;
    },
  };
}
