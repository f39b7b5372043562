/**
 * Calls of the eCom wire with the shop client's authenticated fetch (the visitor's or member's token) and the
 * shopper's language, which names line items and formats amounts (docs/commerce.md → The eCom wire). Failures are
 * `ApiRequestError`s carrying the wire's application code (`OWNED_CART_NOT_FOUND`, `ERROR_COUPON_HAS_EXPIRED`, …).
 */
import { readJson } from '@vitrine/react';

export type AuthFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface EcomFetch {
  <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export function ecomFetch(authFetch: AuthFetch, language: string): EcomFetch {
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await authFetch(path, {
      method,
      headers: { 'accept-language': language },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return readJson<T>(response);
  };
}
