import type { WebhookEndpointConfig, WebhookSettings } from '../config/types.js';
import type { Reader } from '../config/validate.js';
import { isEventPattern } from './events.js';
import { isSecret } from './signing.js';

const ENDPOINT_ID = { re: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, hint: 'letters, digits, "-" or "_" (at most 64)' };

/** `sites[i].webhooks`: `[{id, url, secret, events}]`. */
export function readSiteWebhooks(r: Reader, raw: unknown, path: string): WebhookEndpointConfig[] {
  const list = r.array(raw, path).map((w, i) => {
    const at = `${path}[${i}]`;
    const o = r.object(w, at) ?? {};
    r.knownKeys(o, at, ['id', 'url', 'secret', 'events']);
    const secret = r.string(o.secret, `${at}.secret`);
    if (secret && !isSecret(secret)) r.fail(`${at}.secret`, 'must be "whsec_" followed by the base64 of 24 to 64 random bytes (e.g. whsec_$(openssl rand -base64 32))');
    const events = r.array(o.events, `${at}.events`).map((e, j) => {
      const pattern = r.string(e, `${at}.events[${j}]`);
      if (pattern && !isEventPattern(pattern)) r.fail(`${at}.events[${j}]`, `is not a known event type or wildcard such as "member.*" (got "${pattern.slice(0, 60)}")`);
      return pattern;
    });
    if (o.events !== undefined && events.length === 0) r.fail(`${at}.events`, 'must list at least one event type');
    return { id: r.string(o.id, `${at}.id`, undefined, ENDPOINT_ID), url: r.url(o.url, `${at}.url`), secret, events: events.length ? events : ['*'] };
  });
  list.forEach((w, i) => {
    if (list.findIndex((o) => o.id === w.id) !== i) r.fail(`${path}[${i}].id`, `"${w.id}" is used by another endpoint of this site`);
  });
  return list;
}

/** Top-level `webhooks: {allowPrivateNetworks, ownerEmail}` (private networks: on in development, off in production). */
export function readWebhookSettings(r: Reader, raw: unknown, production: boolean): WebhookSettings {
  const o = r.object(raw, 'webhooks') ?? {};
  r.knownKeys(o, 'webhooks', ['allowPrivateNetworks', 'ownerEmail']);
  const ownerEmail = r.optionalString(o.ownerEmail, 'webhooks.ownerEmail');
  if (ownerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(ownerEmail)) r.fail('webhooks.ownerEmail', `must be an email address (got "${ownerEmail.slice(0, 60)}")`);
  return { allowPrivateNetworks: r.boolean(o.allowPrivateNetworks, 'webhooks.allowPrivateNetworks', !production), ownerEmail };
}
