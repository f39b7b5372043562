import type { FastifyRequest } from 'fastify';
import { countProducts } from '../commerce/index.js';
import type { AppContext } from '../context.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { requireAdminFor } from '../owners/admin-access.js';

/**
 * The console Overview's setup checklist (issue #53), each step read from the running state rather than
 * ticked by hand: products in the catalog, a way to be paid (Stripe's keys, or offline methods), delivery
 * methods, mail that leaves the server (SMTP), and a public address of the shop's own (https, not a
 * loopback name). What each says and where it leads is the console's; nothing here is a secret: the
 * payment ways are names, SMTP only whether it is set.
 */
export interface SetupChecklist {
  products: { done: boolean; count: number };
  payments: { done: boolean; ways: string[] };
  shipping: { done: boolean; methods: number };
  mail: { done: boolean };
  domain: { done: boolean; publicUrl: string };
}

const LOCAL_HOSTS = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$|\.localhost$|\.local$/i;

/** A public address of the shop's own: https, and a name the world can reach (not localhost or 127.x). */
export function isOwnDomain(publicUrl: string): boolean {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'https:' && !LOCAL_HOSTS.test(url.hostname);
  } catch {
    return false;
  }
}

export async function setupChecklist(ctx: AppContext, siteId: string): Promise<SetupChecklist> {
  const site = ctx.sites.get(siteId);
  const count = await countProducts(ctx.db, siteId);
  const ways = [
    ...(ctx.config.payments?.stripe ? ['Stripe'] : []),
    ...(site?.shop?.offlinePayments ?? []).map((m) => m.name),
  ];
  const methods = site?.shipping?.methods.length ?? 0;
  return {
    products: { done: count > 0, count },
    payments: { done: ways.length > 0, ways },
    shipping: { done: methods > 0, methods },
    mail: { done: Boolean(ctx.config.smtpUrl) },
    domain: { done: isOwnDomain(ctx.config.publicUrl), publicUrl: ctx.config.publicUrl },
  };
}

/** GET /_admin/v1/overview/setup-checklist?siteId=: every role that sees the Overview. */
export async function setupChecklistHandler(ctx: AppContext, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.overview);
  return setupChecklist(ctx, siteId);
}
