import type { Socket } from 'node:net';
import pg from 'pg';

export interface ConnectionProbe {
  /**
   * `direct`: PostgreSQL saw this very socket (its client port is ours). `pooler`: another client port, so
   * something (PgBouncer, a managed pooler, a proxy) sits in between and may hand each transaction another
   * server connection. `unknown`: a Unix socket, where ports tell nothing; treated as a pooler (the safe side).
   */
  path: 'direct' | 'pooler' | 'unknown';
  /** `statement_timeout` a fresh server connection starts with (role or database setting), in ms; 0 = none. */
  defaultStatementTimeoutMs: number;
}

/**
 * Looks once, on a connection of its own opened without start-up parameters (a pooler may refuse them), at
 * what stands between this process and PostgreSQL. Session state is neither set nor read beyond defaults.
 */
export async function probeConnection(url: string): Promise<ConnectionProbe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ port: number | null; timeout: string }>(
      `select inet_client_port() as port, setting as timeout from pg_settings where name = 'statement_timeout'`,
    );
    const seen = rows[0]?.port ?? null;
    const ours = (client.connection.stream as Socket).localPort;
    const path = seen === null || ours === undefined ? 'unknown' : seen === ours ? 'direct' : 'pooler';
    return { path, defaultStatementTimeoutMs: Number(rows[0]?.timeout ?? 0) };
  } finally {
    await client.end();
  }
}
