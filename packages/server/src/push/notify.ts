import { createRequire } from 'node:module';
import type WebPush from 'web-push';
import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { extraCaFor, outboundPolicy, outboundRequest } from '../http/outbound/index.js';
import type { PushSubscriptionJson } from './types.js';

// Loaded at the first push: web-push and its crypto helpers stay out of memory on a site without Web Push.
const require = createRequire(import.meta.url);
let webpush: typeof WebPush | undefined;

/**
 * Web Push (RFC 8030, VAPID RFC 8292, with the `web-push` library) to every PUSH factor of the member whose
 * browser allowed notifications, when the site has `push.vapid`. The payload says only that a sign-in
 * waits (no number: the number is matched on the page). A failed push is logged and never fails the
 * sign-in: the approving page polls anyway. A subscription the push service says is gone is dropped.
 * The endpoint comes from a browser, so web-push only builds the request (encryption, VAPID headers) and the
 * outbound client (http/outbound/) sends it: the SSRF guard, no redirects, a timeout and a size cap.
 */
export async function notifyPushDevices(
  ctx: AppContext,
  site: SiteConfig,
  memberId: string,
  t: { id: string; browser: string | null; expiresAt: Date },
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
  const network = { ...outboundPolicy(ctx.config), timeoutMs: 5000, maxResponseBytes: 16 * 1024 };
  const ttl = Math.max(1, Math.round((t.expiresAt.getTime() - ctx.now()) / 1000));
  await Promise.all(
    rows.map(async (row) => {
      const subscription =
        typeof row.push_subscription === 'string'
          ? (JSON.parse(row.push_subscription) as PushSubscriptionJson)
          : row.push_subscription;
      try {
        const push = (webpush ??= require('web-push') as typeof WebPush).generateRequestDetails(subscription, payload, {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: ttl,
          urgency: 'high',
        });
        const answer = await outboundRequest(
          push.endpoint,
          { method: push.method, headers: stringHeaders(push.headers), body: push.body },
          { ...network, extraCa: extraCaFor(ctx) },
        );
        if (answer.status < 200 || answer.status > 299)
          throw Object.assign(new Error('the push service refused the message'), { statusCode: answer.status });
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

const stringHeaders = (headers: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
