import { runningServer } from './cli-keys.js';
import type { ServerConfig } from './config/types.js';
import { checkInvite, createInvitation } from './owners/invite.js';
import type { OwnerRole } from './owners/store.js';
import { migrate } from './store/migrate.js';
import { openDatabase } from './store/open.js';
import type { Database } from './store/types.js';

/**
 * `vitrine owners add EMAIL [--role]`: a new owner (or a new link for an existing one) and a one-time
 * setup link. Like `vitrine keys`, it works on the database directly, or — when a server holds the
 * embedded database (its `server.json` marker) — asks that server with the admin key.
 */
export interface OwnerInviteResult {
  email: string;
  role: OwnerRole;
  created: boolean;
  setupUrl: string;
}

export async function addOwnerCommand(
  config: ServerConfig,
  email: string,
  role: string | undefined,
  target: { db?: Database; now?: () => number } = {},
): Promise<OwnerInviteResult> {
  const input = checkInvite(email, role);
  if (!target.db && !config.databaseUrl) {
    const running = runningServer(config.dataDir);
    if (running) return viaServer(running.url, config.adminKey, input);
  }
  const db =
    target.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.database }));
  try {
    if (!target.db) await migrate(db);
    const invitation = await db.transaction((tx) =>
      createInvitation(tx, config.publicUrl, input, (target.now ?? Date.now)()),
    );
    return {
      email: invitation.owner.email,
      role: invitation.owner.role,
      created: invitation.created,
      setupUrl: invitation.setupUrl,
    };
  } finally {
    if (!target.db) await db.close();
  }
}

async function viaServer(
  url: string,
  adminKey: string,
  input: { email: string; role: OwnerRole | undefined },
): Promise<OwnerInviteResult> {
  const response = await fetch(`${url}/_admin/v1/owners`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).catch((error: unknown) => {
    throw new Error(`the server running on this data directory (${url}) did not answer: ${(error as Error).message}`);
  });
  if (response.status === 401)
    throw new Error(
      `the server running on this data directory (${url}) refused the admin key: use the same --config / VITRINE_ADMIN_KEY as the server`,
    );
  if (!response.ok) throw new Error(`the server running on this data directory (${url}) answered ${response.status}`);
  const body = (await response.json()) as {
    owner: { email: string; role: OwnerRole };
    created: boolean;
    setupUrl: string;
  };
  return { email: body.owner.email, role: body.owner.role, created: body.created, setupUrl: body.setupUrl };
}

/** What the terminal shows: the link on a line of its own, so it can be copied or clicked. */
export function formatInvite(result: OwnerInviteResult): string {
  const what = result.created
    ? `Owner ${result.email} (${result.role}) added.`
    : `Owner ${result.email} (${result.role}) already exists: a new setup link.`;
  return `${what} Open this link within 24 hours to set the password (it works once):\n${result.setupUrl}\n`;
}
