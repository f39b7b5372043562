import { createRequire } from 'node:module';
import type BowserLibrary from 'bowser';
import type { SiteConfig } from '../config/types.js';

// Loaded at the first push approval, not at start (docs/operating.md → Memory of the embedded database).
let bowser: typeof BowserLibrary | undefined;
const Bowser = () => (bowser ??= createRequire(import.meta.url)('bowser') as typeof BowserLibrary);

type Headers = Record<string, string | string[] | undefined> | undefined;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/** "Chrome on Linux": what a push approval shows of the browser signing in (parsed by bowser). */
export function browserOf(headers: Headers): string | undefined {
  const agent = header(headers, 'user-agent');
  if (!agent) return undefined;
  const parsed = Bowser().parse(agent.slice(0, 512));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser) return undefined;
  return (os ? `${browser} on ${os}` : browser).slice(0, 100);
}

/**
 * The place of the address signing in, when known: the site's `push.placeHeader`, which a trusted proxy
 * sets (a country code such as Cloudflare's `cf-ipcountry`). Read only from a request that came through a
 * proxy TRUST_PROXY trusts: sent straight to the server, the header is whatever the signing-in party wrote,
 * and showing the member their own country would help an attacker be approved (audit V5-12). Without
 * one the prompt says nothing of place.
 */
export function placeOf(site: SiteConfig, headers: Headers, viaTrustedProxy: boolean): string | undefined {
  if (!viaTrustedProxy) return undefined;
  const name = site.push?.placeHeader;
  const value = name ? header(headers, name) : undefined;
  return value && /^[\p{L}\p{N} ,.'-]{1,60}$/u.test(value) ? value : undefined;
}
