import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A real streaming replica for the read-replica tests: Debian's PostgreSQL binaries start a primary of their
 * own (initdb, trust, `wal_level = replica` by default) and a hot standby cloned from it with `pg_basebackup -R`,
 * each on a free port of 127.0.0.1, in one temporary folder. Their own primary, not the machine's: replication
 * needs a `replication` line in pg_hba.conf, which a shared server need not have (and this machine's has not).
 * PostgreSQL refuses to run as root; as root the processes run as the `postgres` user.
 */
export const PG_BIN = process.env.VITRINE_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why replica tests cannot run here, or undefined when they can. */
export function replicaUnavailable(): string | undefined {
  const missing = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].filter((b) => !existsSync(join(PG_BIN, b)));
  return missing.length ? `PostgreSQL binaries missing in ${PG_BIN}: ${missing.join(', ')}` : undefined;
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica (pg_wal_replay_pause(), …). */
  onReplica(sql: string): Promise<pg.QueryResult>;
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const asRoot = process.getuid?.() === 0;

function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args];
}

function run(bin: string, args: string[]): void {
  execFileSync(...command(bin, args), { stdio: 'pipe', timeout: 60_000 });
}

/**
 * Stops both servers and removes the folder once this process is gone: Vitest ends its workers without running
 * `afterAll` when a run is cut short, and the servers pg_ctl started outlive the process that started them.
 */
function watchdog(dir: string, datas: string[]): () => void {
  const quote = (a: string) => `'${a}'`; // paths from mkdtemp: no quotes in them
  const stops = datas.map((d) => [...command('pg_ctl', ['-D', d, '-m', 'immediate', 'stop'])].flat().map(quote));
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
    stops.map((argv) => `${argv.join(' ')} >/dev/null 2>&1; `).join('') +
    `rm -rf ${quote(dir)}`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return () => child.kill();
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-replica-'));
  chmodSync(dir, 0o777);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c shared_buffers=16MB`;
  const start = (data: string, port: number) =>
    run('pg_ctl', ['-D', data, '-o', options(port), '-l', `${data}.log`, '-w', '-t', '60', 'start']);
  const stopOne = (data: string) => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  let unwatch = () => {};
  const stop = () => {
    unwatch();
    stopOne(replica);
    stopOne(primary);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    start(primary, primaryPort);
    // -R: standby.signal and primary_conninfo, so it starts as a hot standby streaming from the primary.
    const from = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
    run('pg_basebackup', [...from, '-D', replica, '-X', 'stream', '-R', '--no-sync']);
    start(replica, replicaPort);
    unwatch = watchdog(dir, [replica, primary]);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    async onReplica(sql) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/postgres` });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    },
    stopReplica: () => run('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']),
    startReplica: () => start(replica, replicaPort),
    stop,
  };
}
