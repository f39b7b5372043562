import type { WebhookEndpointConfig, WebhookSettings } from '../config/types.js';
import { take, type Reader } from '../config/validate.js';
import { isEventPattern } from './events.js';
import { isSecret } from './signing.js';

/** `sites[i].webhooks`: `[{id, url, secret, events}]`; the shape is schema/webhooks.ts's, the secret and event names are checked here. */
export function buildSiteWebhooks(r: Reader, raw: unknown, path: string): WebhookEndpointConfig[] {
  const list = take.list(raw).map((w, i) => {
    const at = `${path}[${i}]`;
    const o = take.object(w);
    const secret = take.string(o.secret, '');
    if (secret && !isSecret(secret))
      r.fail(
        `${at}.secret`,
        'must be "whsec_" followed by the base64 of 24 to 64 random bytes (e.g. whsec_$(openssl rand -base64 32))',
      );
    const events = take.list(o.events).map((e, j) => {
      const pattern = take.string(e, '');
      if (pattern && !isEventPattern(pattern))
        r.fail(
          `${at}.events[${j}]`,
          `is not a known event type or wildcard such as "member.*" (got "${pattern.slice(0, 60)}")`,
        );
      return pattern;
    });
    return { id: take.string(o.id, ''), url: take.string(o.url, ''), secret, events: events.length ? events : ['*'] };
  });
  list.forEach((w, i) => {
    if (w.id && list.findIndex((o) => o.id === w.id) !== i)
      r.fail(`${path}[${i}].id`, `"${w.id}" is used by another endpoint of this site`);
  });
  return list;
}

/**
 * Top-level `webhooks: {allowPrivateNetworks, ownerEmail}`; checked by schema/file.ts. Private networks are
 * off in every mode (audit S-13: a site API key could read a service on the server's own network); a shop
 * that delivers to its own network turns them on.
 */
export function buildWebhookSettings(raw: unknown): WebhookSettings {
  const o = take.object(raw);
  return {
    allowPrivateNetworks: take.boolean(o.allowPrivateNetworks, false),
    ownerEmail: take.string(o.ownerEmail, undefined),
  };
}

// The switch now governs every outbound request (http/outbound/guard.ts); kept here for its older callers.
export { privateNetworksAllowed } from '../http/outbound/guard.js';
