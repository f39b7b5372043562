/**
 * `ecomCheckout: {checkoutId}` in a redirect-session request (the Wix Headless pay flow, docs/payments.md → The
 * hosted checkout): the checkout must be the calling visitor's or member's own, still open; `callbacks.
 * thankYouPageUrl` and `postFlowUrl` must be registered redirect URIs or under allowed origins of the token's client
 * (never an open redirect). The answer's fullUrl is the hosted checkout page (routes.ts).
 */
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { fieldViolation, ValidationError, type FieldViolation } from '../../errors/wire.js';
import type { Caller } from '../../http/caller.js';
import { readCheckout } from '../checkouts/service.js';
import { insertCheckoutPage } from './store.js';

export const CHECKOUT_PAGE_PATH = '/ecom-checkout';

const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The hosted checkout page's address (also `GET /ecom/v1/checkouts/{id}/checkout-url`). */
export const checkoutPageUrl = (ctx: Pick<AppContext, 'config'>, pageId: string): string =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}${CHECKOUT_PAGE_PATH}/${pageId}`;

/** Creates the page of an `ecomCheckout` redirect session and answers its id and address. */
export async function createCheckoutPage(
  ctx: AppContext,
  caller: Caller,
  ecomCheckout: unknown,
  callbacks: unknown,
): Promise<{ id: string; siteId: string; fullUrl: string }> {
  if (caller.kind !== 'visitor' && caller.kind !== 'member')
    throw appError('UNAUTHORIZED', {
      description: 'Send the visitor or member access token that made the checkout (POST /oauth2/token)',
    });
  const entry = ctx.sites.findClient(caller.clientId);
  if (!entry || entry.site.id !== caller.siteId)
    throw appError('UNAUTHORIZED', { description: 'The token belongs to an unknown client' });
  const checkoutId = obj(ecomCheckout).checkoutId;
  if (typeof checkoutId !== 'string' || checkoutId.length === 0 || checkoutId.length > 200)
    throw new ValidationError([fieldViolation('ecomCheckout.checkoutId', 'is required', 'REQUIRED')]);
  const urls: Record<'thankYouPageUrl' | 'postFlowUrl', string | null> = { thankYouPageUrl: null, postFlowUrl: null };
  const v: FieldViolation[] = [];
  for (const key of ['thankYouPageUrl', 'postFlowUrl'] as const) {
    const url = obj(callbacks)[key];
    if (url === undefined || url === null || url === '') continue;
    const normalized = ctx.sites.normalizeRedirect(entry.client, url);
    if (normalized) urls[key] = normalized;
    else
      v.push(
        fieldViolation(
          `callbacks.${key}`,
          "is not one of the client's registered redirect URIs or allowed origins (or is not a clean URL)",
          'REDIRECT_NOT_ALLOWED',
        ),
      );
  }
  if (v.length) throw new ValidationError(v);
  const owner =
    caller.kind === 'member'
      ? { kind: 'member' as const, id: caller.memberId }
      : { kind: 'visitor' as const, id: caller.visitorId };
  // Another shopper's checkout answers as an unknown one (404 CHECKOUT_NOT_FOUND), a placed one 409.
  const checkout = await readCheckout(ctx.db, entry.site.id, checkoutId, { kind: 'owner', owner });
  if (checkout.orderId) throw appError('CHECKOUT_IS_COMPLETE', { data: { orderId: checkout.orderId } });
  const page = await insertCheckoutPage(
    ctx.db,
    {
      siteId: entry.site.id,
      checkoutId,
      owner,
      clientId: entry.client.clientId,
      thankYouUrl: urls.thankYouPageUrl,
      postFlowUrl: urls.postFlowUrl,
      memberSessionId: caller.kind === 'member' ? caller.sessionId : null,
    },
    ctx.now(),
  );
  return { id: page.id, siteId: page.siteId, fullUrl: checkoutPageUrl(ctx, page.id) };
}
