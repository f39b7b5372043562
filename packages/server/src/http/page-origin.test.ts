import { describe, expect, it } from 'vitest';
import { pageBaseUrl } from './page-origin.js';

const allowed = ['http://localhost:8080', 'http://127.0.0.1:8080'];
const req = (host: string, protocol: 'http' | 'https' = 'http', origin?: string) => ({
  host,
  protocol,
  headers: origin === undefined ? {} : { origin },
});

describe('pageBaseUrl', () => {
  it("answers the request's own origin when the client allows it", () => {
    expect(pageBaseUrl('http://localhost:8080', req('127.0.0.1:8080'), allowed)).toBe('http://127.0.0.1:8080');
    expect(pageBaseUrl('http://localhost:8080', req('localhost:8080'), allowed)).toBe('http://localhost:8080');
  });

  it('keeps the public URL for any Host the client does not allow (forged ones included)', () => {
    for (const host of ['evil.example', 'localhost:8081', '127.0.0.1:8080/x', 'user@127.0.0.1:8080', '', ' '])
      expect(pageBaseUrl('http://localhost:8080', req(host), allowed)).toBe('http://localhost:8080');
    // The scheme counts: https on an http origin is another origin.
    expect(pageBaseUrl('http://localhost:8080', req('127.0.0.1:8080', 'https'), allowed)).toBe('http://localhost:8080');
  });

  it("keeps the public URL's path behind a proxy", () => {
    expect(
      pageBaseUrl('https://shop.example/shop/', req('www.shop.example', 'https'), ['https://www.shop.example']),
    ).toBe('https://www.shop.example/shop');
  });

  it('for an API call that answers a page address, follows only a browser calling from that very origin', () => {
    const browserOnly = { browserCallsOnly: true };
    // The storefront's page at 127.0.0.1 asks for a redirect session: its hosted page stays at 127.0.0.1.
    expect(
      pageBaseUrl(
        'http://localhost:8080',
        req('127.0.0.1:8080', 'http', 'http://127.0.0.1:8080'),
        allowed,
        browserOnly,
      ),
    ).toBe('http://127.0.0.1:8080');
    // A backend calling through 127.0.0.1 (no Origin), or a page elsewhere: the public URL (passkeys' host).
    for (const origin of [undefined, 'http://localhost:8080', 'http://evil.example'])
      expect(pageBaseUrl('http://localhost:8080', req('127.0.0.1:8080', 'http', origin), allowed, browserOnly)).toBe(
        'http://localhost:8080',
      );
  });
});
