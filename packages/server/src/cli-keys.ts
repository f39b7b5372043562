import type { ServerConfig } from './config/types.js';
import { keyView } from './oauth/key-routes.js';
import { ensureKeys, readKeyRecords, rotateSigningKey, signingKeyStates } from './oauth/key-store.js';
import { migrate } from './store/migrate.js';
import { runningServer } from './store/running-server.js';
import { openDatabase } from './store/open.js';
import type { Database } from './store/types.js';

/**
 * `vitrine keys list|rotate`. On PostgreSQL the command works on the database directly; a running
 * server notices the new key within a key check (30 s). The embedded database can be opened by one
 * process only, so when a server holds the data directory the command asks that server instead
 * (admin API, with the admin key), and the server switches keys at once.
 */
export type KeyAction = 'list' | 'rotate';

export interface KeyTarget {
  config: ServerConfig;
  /** An open database (tests, or a caller that already holds it). */
  db?: Database;
  now?: () => number;
}

type KeyRow = ReturnType<typeof keyView>;

export async function runKeyCommand(
  action: KeyAction,
  target: KeyTarget,
): Promise<{ rotated?: string; keys: KeyRow[] }> {
  const { config } = target;
  if (!target.db && !config.databaseUrl) {
    const running = runningServer(config.dataDir);
    if (running) return viaServer(action, running.url, config.adminKey);
  }
  const db =
    target.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.database }));
  try {
    const now = target.now ?? Date.now;
    if (!target.db) await migrate(db);
    await ensureKeys(db, config.keyEncryptionKey, now());
    const rotated = action === 'rotate' ? await rotateSigningKey(db, config.keyEncryptionKey, now()) : undefined;
    const maxTtl = Math.max(...config.sites.map((s) => s.tokens.accessTokenTtl));
    const keys = signingKeyStates(await readKeyRecords(db), now(), maxTtl).map(keyView);
    return { ...(rotated ? { rotated } : {}), keys };
  } finally {
    if (!target.db) await db.close();
  }
}

async function viaServer(
  action: KeyAction,
  url: string,
  adminKey: string,
): Promise<{ rotated?: string; keys: KeyRow[] }> {
  const response = await fetch(`${url}/_admin/v1/keys${action === 'rotate' ? '/rotate' : ''}`, {
    method: action === 'rotate' ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${adminKey}` },
  }).catch((error: unknown) => {
    throw new Error(`the server running on this data directory (${url}) did not answer: ${(error as Error).message}`);
  });
  if (response.status === 401)
    throw new Error(
      `the server running on this data directory (${url}) refused the admin key: use the same --config / VITRINE_ADMIN_KEY as the server`,
    );
  if (!response.ok) throw new Error(`the server running on this data directory (${url}) answered ${response.status}`);
  const body = (await response.json()) as { kid?: string; keys: KeyRow[] };
  return { ...(body.kid ? { rotated: body.kid } : {}), keys: body.keys };
}

/** Lines for the terminal: one key per line, newest last. */
export function formatKeys(keys: KeyRow[]): string {
  const rows = [
    ['KID', 'CREATED', 'STATE', 'AT REST'],
    ...keys.map((k) => [
      k.kid,
      k.createdDate,
      k.verifiesUntil ? `${k.state} (verifies until ${k.verifiesUntil})` : k.state,
      k.encrypted ? 'encrypted' : k.state === 'retired' ? 'erased' : 'plaintext',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
