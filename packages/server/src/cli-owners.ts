import { runningServer } from './store/running-server.js';
import type { ServerConfig } from './config/types.js';
import { ApplicationError } from './errors/wire.js';
import { checkInvite, createInvitation, type InviteInput } from './owners/invite.js';
import { FIRST_START_LINK, type OwnerRole } from './owners/store.js';
import { migrate } from './store/migrate.js';
import { openDatabase } from './store/open.js';
import type { Database } from './store/types.js';

/**
 * `vitrine owners add EMAIL [--role] [--site ID…]`: a new owner (or a new link for one who has not set a
 * password yet) and a one-time setup link. An owner with a password is refused (OwnerExistsError): an
 * invitation never replaces a password (issue #26, S-14). Like `vitrine keys`, it works on the database directly, or — when a server holds the
 * embedded database (its `server.json` marker) — asks that server with the admin key.
 */
export interface OwnerInviteResult {
  email: string;
  role: OwnerRole;
  created: boolean;
  setupUrl: string;
}

/** The owner has a password already: nothing was changed and no link made. */
export class OwnerExistsError extends Error {}

const ownerExists = (email: string) =>
  new OwnerExistsError(
    `${email} has set a password already; an invitation never replaces it. They sign in with it (docs/console.md, "First owner", for a forgotten one).`,
  );

export async function addOwnerCommand(
  config: ServerConfig,
  email: string,
  role: string | undefined,
  target: { db?: Database; now?: () => number } = {},
  sites?: string[],
): Promise<OwnerInviteResult> {
  const input = checkInvite(email, role, sites, (id) => config.sites.some((s) => s.id === id));
  if (!target.db && !config.databaseUrl) {
    const running = runningServer(config.dataDir);
    if (running) return viaServer(running.url, config.adminKey, input);
  }
  const db =
    target.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.database }));
  try {
    if (!target.db) await migrate(db);
    const invitation = await db
      .transaction((tx) => createInvitation(tx, config.publicUrl, input, undefined, (target.now ?? Date.now)()))
      .catch((error: unknown) => {
        throw error instanceof ApplicationError && error.code === 'OWNER_EXISTS' ? ownerExists(input.email) : error;
      });
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

async function viaServer(url: string, adminKey: string, input: InviteInput): Promise<OwnerInviteResult> {
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
  if (response.status === 409) throw ownerExists(input.email);
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
    : `Owner ${result.email} (${result.role}) has not set a password yet: a new setup link (earlier ones no longer work).`;
  return `${what} Open this link within 24 hours to set the password (it works once):\n${result.setupUrl}\n`;
}

/** The first owner's address when VITRINE_OWNER_EMAIL is not set: the development owner. */
export const FIRST_OWNER_EMAIL = 'owner@localhost';

/**
 * On a start where no owner has a password yet, a setup link for the first owner so a newcomer gets
 * into the console from `vitrine serve`'s output (issue #31): the earliest pending owner with the `owner`
 * role gets a new link (earlier ones stop working), else `email` is added as an owner of every site.
 * Undefined once any owner has a password: the console is theirs, and they invite the others. The link is
 * in the start log, so once any owner has a password (by any route) it stops working and its pending owner
 * is removed (owners/store.ts setOwnerPassword, audit V5-13).
 */
export async function firstStartInvite(
  config: ServerConfig,
  db: Database,
  email: string,
  now: number,
): Promise<OwnerInviteResult | undefined> {
  return db.transaction(async (tx) => {
    // One start at a time decides, so two instances on one database do not both add an owner.
    await tx.query('lock table owners in share row exclusive mode');
    const { rows } = await tx.query<{ email: string; password_hash: string | null; role: string }>(
      'select email, password_hash, role from owners order by created_at, id',
    );
    if (rows.some((r) => r.password_hash !== null)) return undefined;
    const pending = rows.find((r) => r.role === 'owner');
    const input = checkInvite(pending?.email ?? email, pending ? undefined : 'owner', undefined, () => false);
    const invitation = await createInvitation(tx, config.publicUrl, input, undefined, now);
    // Marked, so the first password any owner sets removes this pending owner and link (owners/store.ts).
    await tx.query('update owner_setup_tokens set purpose = $2 where owner_id = $1 and used_at is null', [
      invitation.owner.id,
      FIRST_START_LINK,
    ]);
    return {
      email: invitation.owner.email,
      role: invitation.owner.role,
      created: invitation.created,
      setupUrl: invitation.setupUrl,
    };
  });
}

/** What `vitrine serve` prints under the console's address on such a start. */
export function formatFirstStart(result: OwnerInviteResult): string {
  return `  First start: no owner has a password yet. Open this one-time link within 24 hours to set up the console account ${result.email} (${result.role}; the page lets you give your own email instead):\n${result.setupUrl}\n`;
}
