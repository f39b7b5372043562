import { hmacSha256, safeEqual } from '../security/index.js';
import type { KeyRing } from './keys.js';

/**
 * Visitor refresh tokens are sealed, not stored: `v1.<payload>.<HMAC-SHA256>`. Every new visitor and
 * every bot asks for one, so issuing it costs no database write; what it grants (a fresh anonymous
 * access token for the same visitor id) is worth no more than a new anonymous grant, so it needs no
 * revocation list. Member refresh tokens, which must be revocable, are stored (see sessions/member-sessions.ts).
 */
export interface VisitorRefreshPayload {
  site: string;
  client: string;
  visitor: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const PREFIX = 'v1.';

export function sealVisitorRefreshToken(keys: KeyRing, payload: VisitorRefreshPayload): string {
  const key = keys.activeMac;
  const body = Buffer.from(
    JSON.stringify({ s: payload.site, c: payload.client, v: payload.visitor, e: payload.exp, k: key.kid }),
  ).toString('base64url');
  return `${PREFIX}${body}.${hmacSha256(key.secret, PREFIX + body).toString('base64url')}`;
}

export function isVisitorRefreshToken(token: string): boolean {
  return token.startsWith(PREFIX);
}

/** The payload of an authentic, unexpired token, or undefined (never throws on garbage). */
export function openVisitorRefreshToken(
  keys: KeyRing,
  token: string,
  nowSeconds: number,
): VisitorRefreshPayload | undefined {
  if (!token.startsWith(PREFIX) || token.length > 1024) return undefined;
  const dot = token.lastIndexOf('.');
  const body = token.slice(PREFIX.length, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  let parsed: { s?: unknown; c?: unknown; v?: unknown; e?: unknown; k?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const key = typeof parsed?.k === 'string' ? keys.macKey(parsed.k) : undefined;
  if (!key) return undefined;
  if (!safeEqual(given, hmacSha256(key.secret, PREFIX + body))) return undefined;
  const { s, c, v, e } = parsed;
  if (typeof s !== 'string' || typeof c !== 'string' || typeof v !== 'string' || typeof e !== 'number')
    return undefined;
  if (e <= nowSeconds) return undefined;
  return { site: s, client: c, visitor: v, exp: e };
}
