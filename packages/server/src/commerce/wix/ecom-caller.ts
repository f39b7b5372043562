/**
 * Who calls the eCom wire, and how answers are written for them. A visitor or member token acts on its own cart,
 * checkouts and orders only (`owner`); a site API key (or the server's admin key naming the site) reads and places
 * the site's checkouts and reads its orders (`access: site`) but has no cart. Anything else is a 401, as the
 * storefront's shop API answers it.
 */
import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { resolveCaller } from '../../http/resolve-caller.js';
import { negotiateLanguage, siteLanguages } from '../../i18n/index.js';
import type { CartOwner } from '../carts/store.js';
import type { CheckoutAccess } from '../checkouts/service.js';
import { commerceSettings } from '../settings.js';
import type { WireContext } from './ecom-cart-shapes.js';

export interface EcomScope {
  site: SiteConfig;
  /** The shopper; undefined for an API key. */
  owner: CartOwner | undefined;
  /** A member token's session (the hosted checkout page it makes follows it); undefined otherwise. */
  sessionId?: string;
  access: CheckoutAccess;
  wire: WireContext;
}

const noShopper = () =>
  appError('UNAUTHORIZED', { description: 'Send a visitor or member access token (POST /oauth2/token)' });

export async function ecomScope(
  request: FastifyRequest,
  ctx: AppContext,
  options: { keys: boolean },
): Promise<EcomScope> {
  const caller = await resolveCaller(request, ctx);
  let owner: CartOwner | undefined;
  if (caller.kind === 'visitor') owner = { kind: 'visitor', id: caller.visitorId };
  else if (caller.kind === 'member') owner = { kind: 'member', id: caller.memberId };
  else if (caller.kind !== 'admin' || !options.keys || !caller.siteId) throw noShopper();
  const site = ctx.sites.get(caller.siteId!);
  if (!site) throw appError('UNKNOWN_SITE');
  const settings = commerceSettings(site);
  const wire: WireContext = {
    currency: settings.currency,
    publicUrl: ctx.config.publicUrl,
    siteLanguage: siteLanguages(site)[0]!,
    buyerLanguage: negotiateLanguage(site, { acceptLanguage: request.headers['accept-language'] }),
    language: '',
  };
  // Amounts are formatted in the buyer's language, as Wix formats them in the visitor's locale.
  wire.language = wire.buyerLanguage;
  const sessionId = caller.kind === 'member' ? { sessionId: caller.sessionId } : {};
  return { site, owner, ...sessionId, access: owner ? { kind: 'owner', owner } : { kind: 'site' }, wire };
}

/** The shopper of a route that needs one (a cart): an API key has none. */
export function shopperOf(scope: EcomScope): CartOwner {
  if (!scope.owner) throw noShopper();
  return scope.owner;
}
