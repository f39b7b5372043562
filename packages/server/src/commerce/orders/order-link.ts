/**
 * The link of a guest's confirmation mail: `/order?token=<orderId>.<expires>.<mac>`, an HMAC (SHA-256, with
 * a secret derived from the server's MAC key for this purpose only) over the site, the order and the expiry.
 * Nothing is stored: the link proves itself, and stops working after GUEST_ORDER_LINK_TTL. The storefront
 * sends the token in a POST body, so it never lands in access logs as part of a URL.
 */
import { appError } from '../../errors/catalogue.js';
import { hmacSha256, safeEqual } from '../../security/index.js';

export const GUEST_ORDER_LINK_TTL_SECONDS = 30 * 86_400;
const PURPOSE = 'guest-order-link';

const mac = (secret: string, siteId: string, orderId: string, expires: number) =>
  hmacSha256(secret, `${siteId}\n${orderId}\n${expires}`).toString('base64url');

export function signOrderLink(secret: string, siteId: string, orderId: string, now: number): string {
  const expires = Math.floor(now / 1000) + GUEST_ORDER_LINK_TTL_SECONDS;
  return `${orderId}.${expires}.${mac(secret, siteId, orderId, expires)}`;
}

/** The order id a token names; throws ORDER_NOT_FOUND for a forged or malformed one, ORDER_LINK_EXPIRED after expiry. */
export function readOrderLink(secret: string, siteId: string, token: unknown, now: number): string {
  const parts = typeof token === 'string' && token.length <= 300 ? token.split('.') : [];
  const [orderId = '', expiresText = '', given = ''] = parts;
  const expires = Number(expiresText);
  if (parts.length !== 3 || !orderId || !/^\d{1,12}$/.test(expiresText)) throw appError('ORDER_NOT_FOUND');
  // Compared as text: the MAC's one spelling, not whatever else would decode to the same bytes.
  if (!safeEqual(Buffer.from(given), Buffer.from(mac(secret, siteId, orderId, expires))))
    throw appError('ORDER_NOT_FOUND');
  if (expires * 1000 <= now) throw appError('ORDER_LINK_EXPIRED');
  return orderId;
}

export const orderLinkSecret = (keys: { secretFor(purpose: string): string }) => keys.secretFor(PURPOSE);
