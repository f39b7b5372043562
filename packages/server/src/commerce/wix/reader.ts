/**
 * Who reads the catalog on the Wix wire and what they see. Any visitor or member token of a site reads its
 * visible catalog (a member token whose session ended reads as a signed-out visitor of its site: `@wix/sdk`
 * never renews on a 401, and the catalog is public); a site API key or the admin key (with `x-vitrine-site-id`
 * when the server has several sites) reads hidden products and variants too. No credential is a 401, as on
 * every Wix route. Reads go to the read replica when there is one (data/request-scope.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { dataDatabase } from '../../data/index.js';
import { isPlainObject } from '../../data/index.js';
import { decodeDotR } from '../../data/index.js';
import { appError } from '../../errors/catalogue.js';
import type { Caller } from '../../http/caller.js';
import { resolveCaller } from '../../http/resolve-caller.js';
import type { Database } from '../../store/types.js';
import { negotiateLanguage, siteLanguages } from '../../i18n/index.js';
import { commerceSettings } from '../settings.js';

export interface CatalogReader {
  caller: Caller;
  site: SiteConfig;
  db: Database;
  /** A visitor or member: visible products and variants only. */
  shopper: boolean;
  currency: string;
  /** Where relative media paths (`/assets/…`) are served: the clients live on other origins. */
  publicUrl: string;
  /**
   * The shopper's language (Accept-Language among the site's languages) when it is not the site's default:
   * catalog v1 names and describes products, and collections v2 collections, in it where they have a translation.
   */
  language?: string;
}

export async function catalogReader(request: FastifyRequest, ctx: AppContext): Promise<CatalogReader> {
  const caller = await resolveCaller(request, ctx, { endedSession: 'signed-out' });
  const siteId = caller.siteId;
  if (caller.kind === 'anonymous' && !siteId)
    throw appError('UNAUTHORIZED', { description: 'Send a visitor or member access token (POST /oauth2/token)' });
  if (!siteId)
    throw appError('UNKNOWN_SITE', { status: 400, description: 'Name the site in the x-vitrine-site-id header' });
  const site = ctx.sites.get(siteId);
  if (!site) throw appError('UNKNOWN_SITE', { description: `Unknown site "${siteId.slice(0, 100)}"` });
  const language = negotiateLanguage(site, { acceptLanguage: request.headers['accept-language'] });
  return {
    caller,
    site,
    ...(language !== siteLanguages(site)[0] ? { language } : {}),
    db: dataDatabase(ctx, caller, request.ip),
    shopper: caller.kind !== 'admin',
    currency: commerceSettings(site).currency,
    publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
  };
}

/** What a product's wire shape reads of its reader (product-view.ts WireReader), as a key (product-answers.ts). */
export const readerContext = (r: Pick<CatalogReader, 'shopper' | 'currency' | 'publicUrl' | 'language'>) =>
  `${r.currency}|${r.language ?? ''}|${r.shopper ? 'shopper' : 'all'}|${r.publicUrl}`;

export type Body = Record<string, unknown>;

/**
 * A read's input: the `.r` query parameter (base64url JSON, how the clients send GET bodies), else a POST's body
 * (the clients' fallback when `.r` would make the URL too long), else the query string itself.
 */
export function readInput(request: FastifyRequest): Body {
  const query = (request.query ?? {}) as Body;
  if (query['.r'] !== undefined) return decodeDotR(query['.r']);
  if (isPlainObject(request.body)) return request.body as Body;
  return query;
}
