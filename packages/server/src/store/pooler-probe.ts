import type { Socket } from 'node:net';
import pg from 'pg';

export type ConnectionPath = 'direct' | 'pooler' | 'unknown';

export interface ConnectionProbe {
  /**
   * `direct`: PostgreSQL saw this very socket (both its ports are ours). `pooler`: another pair of ports, so
   * something (PgBouncer, a managed pooler, a proxy) sits in between and may hand each transaction another
   * server connection. `unknown`: a Unix socket, where ports tell nothing; treated as a pooler (the safe side).
   */
  path: ConnectionPath;
  /** `statement_timeout` a fresh server connection starts with (role or database setting), in ms; 0 = none. */
  defaultStatementTimeoutMs: number;
}

/** The ports of one TCP connection; null where PostgreSQL reports none (a Unix socket). */
export interface Ports {
  client: number | null | undefined;
  server: number | null | undefined;
}

/**
 * Whether PostgreSQL's view of its connection (`seen`) is the socket this process opened (`ours`). The client
 * port alone is not enough: a pooler's own connection to PostgreSQL may draw the same ephemeral port as ours
 * to the pooler (Linux reuses a local port towards another destination), which once made a PgBouncer look
 * like PostgreSQL and its refusal of `statement_timeout` failed the start. The server port tells them apart:
 * a pooler on the same host listens on another port than PostgreSQL.
 */
export function connectionPath(seen: Ports, ours: Ports): ConnectionPath {
  if (seen.client == null || seen.server == null || ours.client == null || ours.server == null) return 'unknown';
  return seen.client === ours.client && seen.server === ours.server ? 'direct' : 'pooler';
}

/**
 * Looks once, on a connection of its own opened without start-up parameters (a pooler may refuse them), at
 * what stands between this process and PostgreSQL. Session state is neither set nor read beyond defaults.
 */
export async function probeConnection(url: string): Promise<ConnectionProbe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ client: number | null; server: number | null; timeout: string }>(
      `select inet_client_port() as client, inet_server_port() as server, setting as timeout
         from pg_settings where name = 'statement_timeout'`,
    );
    const socket = client.connection.stream as Socket;
    const path = connectionPath(
      { client: rows[0]?.client, server: rows[0]?.server },
      { client: socket.localPort, server: socket.remotePort },
    );
    return { path, defaultStatementTimeoutMs: Number(rows[0]?.timeout ?? 0) };
  } finally {
    await client.end();
  }
}
