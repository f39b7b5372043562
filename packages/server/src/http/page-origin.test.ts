import { describe, expect, it } from 'vitest';
import { pageBaseUrl } from './page-origin.js';

const allowed = ['http://localhost:8080', 'http://127.0.0.1:8080'];
const req = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });

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
});
