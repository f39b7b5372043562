import https from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../http/errors.js';
import type { PushTransaction } from '../identity/mfa/push.js';
import { privateNetworksAllowed } from '../webhooks/config.js';
import { checkAddress, guardedLookup } from '../webhooks/ssrf.js';

/** A browser's `PushSubscription.toJSON()`: where its push service takes messages for it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const B64URL = /^[A-Za-z0-9_-]{8,200}$/;

/** The `pushSubscription` of an enrolment, checked; undefined when the browser sent none. */
export function readSubscription(raw: unknown): PushSubscriptionJson | undefined {
  if (raw === undefined || raw === null) return undefined;
  const o = raw as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  let url: URL | undefined;
  try {
    url = typeof o.endpoint === 'string' && o.endpoint.length <= 2000 ? new URL(o.endpoint) : undefined;
  } catch {
    url = undefined;
  }
  const { p256dh, auth } = o.keys ?? {};
  if (
    url?.protocol !== 'https:' ||
    typeof p256dh !== 'string' ||
    typeof auth !== 'string' ||
    !B64URL.test(p256dh) ||
    !B64URL.test(auth)
  )
    throw invalidField(
      'pushSubscription',
      'must be the browser\'s PushSubscription as JSON: {endpoint: "https://…", keys: {p256dh, auth}}',
    );
  return { endpoint: url.href, keys: { p256dh, auth } };
}

/**
 * Web Push (RFC 8030, VAPID RFC 8292, with the `web-push` library) to every PUSH factor of the member whose
 * browser allowed notifications, when the site has `push.vapid`. The payload says only that a sign-in
 * waits (no number: the number is matched on the page). A failed push is logged and never fails the
 * sign-in: the approving page polls anyway. A subscription the push service says is gone is dropped.
 * The endpoint comes from a browser, so the POST goes through the webhooks' SSRF guard (webhooks/ssrf.ts).
 */
export async function notifyPushDevices(
  ctx: AppContext,
  site: SiteConfig,
  memberId: string,
  t: Pick<PushTransaction, 'id' | 'browser' | 'expiresAt'>,
): Promise<void> {
  const vapid = site.push?.vapid;
  if (!vapid) return;
  const { rows } = await ctx.db.query<{ id: string; push_subscription: PushSubscriptionJson | string }>(
    `select id, push_subscription from mfa_factors
     where site_id = $1 and member_id = $2 and factor_type = 'PUSH' and status = 'ACTIVE' and push_subscription is not null`,
    [site.id, memberId],
  );
  const payload = JSON.stringify({
    type: 'sign_in_approval',
    transactionId: t.id,
    browser: t.browser,
    expiresDate: t.expiresAt.toISOString(),
  });
  const allowPrivate = privateNetworksAllowed(ctx.config);
  const agent = new https.Agent({ lookup: guardedLookup(allowPrivate) as never });
  const ttl = Math.max(1, Math.round((t.expiresAt.getTime() - ctx.now()) / 1000));
  await Promise.all(
    rows.map(async (row) => {
      const subscription =
        typeof row.push_subscription === 'string'
          ? (JSON.parse(row.push_subscription) as PushSubscriptionJson)
          : row.push_subscription;
      try {
        const host = new URL(subscription.endpoint).hostname.replace(/^\[|\]$/g, '');
        if (isIP(host)) checkAddress(host, allowPrivate, true);
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: ttl,
          urgency: 'high',
          timeout: 5000,
          agent,
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410)
          await ctx.db.query('update mfa_factors set push_subscription = null where site_id = $1 and id = $2', [
            site.id,
            row.id,
          ]);
        ctx.log.warn({ siteId: site.id, status, reason: (error as Error).name }, 'web push notification failed');
      }
    }),
  );
}
