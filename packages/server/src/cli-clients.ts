/**
 * `vitrine clients list|add|remove`: a site's clients (apps), their redirect URIs and allowed origins. A change
 * is a change of site settings (`PATCH /_admin/v1/site-settings` with the admin key), so it is checked as the
 * config file is, audited ("admin key") and applied on every instance (settings/runtime.ts). When a server
 * holds the embedded database (its `server.json` marker) the command asks that server; otherwise it builds the
 * app in this process, on the same database, and asks it in-process (`inject`), then closes it.
 */
import { createApp, type VitrineApp } from './app.js';
import type { ServerConfig } from './config/types.js';
import { runningServer } from './store/running-server.js';

export interface ClientView {
  clientId: string;
  redirectUris: string[];
  allowedOrigins: string[];
}

export interface ClientChange {
  clientId: string;
  redirectUris: string[];
  origins: string[];
  site?: string | undefined;
}

/** A refusal the caller can fix (an unknown client, a bad address, a key the config file sets): exit code 2. */
export class ClientsUsageError extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
type Call = (method: 'GET' | 'PATCH', path: string, body?: unknown) => Promise<Answer>;

export type ClientsResult =
  | { action: 'list'; siteId: string; clients: ClientView[] }
  | { action: 'add' | 'remove'; siteId: string; client: ClientView | undefined; changed: string[] };

export async function clientsCommand(
  config: ServerConfig,
  action: 'list' | 'add' | 'remove',
  change: Partial<ClientChange>,
  target: { app?: VitrineApp } = {},
): Promise<ClientsResult> {
  if (action !== 'list' && !change.clientId) throw new ClientsUsageError(`clients ${action} needs a CLIENT_ID`);
  if (action === 'add' && !change.redirectUris?.length && !change.origins?.length)
    throw new ClientsUsageError('clients add needs --redirect-uri URL or --origin ORIGIN (repeat for more)');
  const running = !target.app && !config.databaseUrl ? runningServer(config.dataDir) : undefined;
  if (running) return run(config, action, change, overHttp(running.url, config.adminKey));
  const app = target.app ?? (await createApp({ config, logLevel: 'silent', mailDelivery: false }));
  try {
    return await run(config, action, change, inProcess(app, config.adminKey));
  } finally {
    if (!target.app) await app.close();
  }
}

async function run(
  config: ServerConfig,
  action: 'list' | 'add' | 'remove',
  change: Partial<ClientChange>,
  call: Call,
): Promise<ClientsResult> {
  const siteId = change.site ?? siteOfClient(config, change.clientId) ?? config.storefront.siteId;
  const clients = await readClients(call, siteId);
  if (action === 'list') return { action, siteId, clients };
  const clientId = change.clientId!;
  const current = clients.find((c) => c.clientId === clientId);
  const changes = action === 'add' ? addChanges(clientId, current, change) : removeChanges(clientId, current, change);
  const answer = await call('PATCH', '/_admin/v1/site-settings', { siteId, changes });
  if (answer.status !== 200) throw refusal(answer);
  const changed = (answer.body.changed as { key: string }[]).map((c) => c.key);
  const after = (await readClients(call, siteId)).find((c) => c.clientId === clientId);
  return { action, siteId, client: after, changed };
}

/** The site whose config names this client (client ids are unique across a server's sites). */
const siteOfClient = (config: ServerConfig, clientId: string | undefined) =>
  clientId ? config.sites.find((s) => s.clients.some((c) => c.clientId === clientId))?.id : undefined;

async function readClients(call: Call, siteId: string): Promise<ClientView[]> {
  const answer = await call('GET', `/_admin/v1/site-settings/export?siteId=${encodeURIComponent(siteId)}`);
  if (answer.status !== 200) throw refusal(answer);
  const site = ((answer.body.config as { sites: { clients?: Partial<ClientView>[] }[] }).sites[0] ?? {}) as {
    clients?: Partial<ClientView>[];
  };
  return (site.clients ?? []).map((c) => ({
    clientId: String(c.clientId),
    redirectUris: c.redirectUris ?? [],
    allowedOrigins: c.allowedOrigins ?? [],
  }));
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * New lists for an existing client, or a new client. A redirect URI's origin is allowed too: the page at that
 * address calls the API from it (the browser refuses CORS otherwise, the README's "With the unmodified @wix/sdk").
 */
function addChanges(clientId: string, current: ClientView | undefined, change: Partial<ClientChange>) {
  const uris = change.redirectUris ?? [];
  const origins = union(change.origins ?? [], uris.flatMap(originOf));
  const redirectUris = union(current?.redirectUris ?? [], uris);
  const allowedOrigins = union(current?.allowedOrigins ?? [], origins);
  if (!current) return { [`clients[${clientId}]`]: { clientId, redirectUris, allowedOrigins } };
  return {
    [`clients[${clientId}].redirectUris`]: redirectUris,
    [`clients[${clientId}].allowedOrigins`]: allowedOrigins,
  };
}

/** Without addresses, the whole client goes; with them, only those addresses. */
function removeChanges(clientId: string, current: ClientView | undefined, change: Partial<ClientChange>) {
  if (!current) throw new ClientsUsageError(`No client "${clientId}" on this site (vitrine clients list)`);
  const uris = change.redirectUris ?? [];
  const origins = change.origins ?? [];
  if (!uris.length && !origins.length) return { [`clients[${clientId}]`]: null };
  const missing = [
    ...uris.filter((u) => !current.redirectUris.includes(u)),
    ...origins.filter((o) => !current.allowedOrigins.includes(o)),
  ];
  if (missing.length) throw new ClientsUsageError(`Client "${clientId}" does not list ${missing.join(', ')}`);
  return {
    [`clients[${clientId}].redirectUris`]: current.redirectUris.filter((u) => !uris.includes(u)),
    [`clients[${clientId}].allowedOrigins`]: current.allowedOrigins.filter((o) => !origins.includes(o)),
  };
}

function originOf(uri: string): string[] {
  try {
    const { origin } = new URL(uri);
    return origin === 'null' ? [] : [origin];
  } catch {
    return []; // the settings refuse the address itself, with the config file's sentence
  }
}

function refusal(answer: Answer): Error {
  const error = answer.body.details as { applicationError?: { description?: string } } | undefined;
  const text = error?.applicationError?.description ?? (answer.body.message as string | undefined);
  if (answer.status === 401 || answer.status === 403)
    return new Error(`the server refused the admin key: use the same --config / VITRINE_ADMIN_KEY as the server`);
  const message = text ?? `the server answered ${answer.status}`;
  return answer.status < 500 ? new ClientsUsageError(message) : new Error(message);
}

function inProcess(vitrine: VitrineApp, adminKey: string): Call {
  return async (method, path, body) => {
    const res = await vitrine.app.inject({
      method,
      url: path,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.json() };
  };
}

function overHttp(url: string, adminKey: string): Call {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw new Error(`the server running on this data directory (${url}) did not answer: ${(error as Error).message}`);
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
}

/** What the terminal shows. */
export function formatClients(result: ClientsResult): string {
  const one = (c: ClientView) =>
    `${c.clientId} (site ${result.siteId})\n  redirect URIs:   ${c.redirectUris.join(', ') || '(none)'}\n  allowed origins: ${c.allowedOrigins.join(', ') || '(none)'}\n`;
  if (result.action === 'list') return result.clients.map(one).join('');
  const head = !result.changed.length
    ? 'Nothing to change: the client already says so.\n'
    : result.client
      ? `Changed ${result.changed.join(', ')} (on every instance within seconds).\n`
      : `Removed the client.\n`;
  return head + (result.client ? one(result.client) : '');
}
