import { invalidField } from '../errors/wire.js';
import type { PushSubscriptionJson } from './types.js';

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
