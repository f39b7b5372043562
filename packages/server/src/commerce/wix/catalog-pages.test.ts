/** The kept pages' bounds (catalog-pages.ts): entries and bytes, least recently used out first. */
import { describe, expect, it } from 'vitest';
import { CatalogPages, pageKey } from './catalog-pages.js';

const answer = (n: number) => `{"products":[${'"x",'.repeat(n)}"x"]}`;

describe('kept catalog pages', () => {
  it('answers a key only at the version it was read at', () => {
    const pages = new CatalogPages();
    pages.keep('k', 'v1', answer(1));
    expect(pages.kept('k', 'v1')?.toString()).toBe(answer(1));
    expect(pages.kept('k', 'v2')).toBeUndefined();
    // The stale answer is dropped, not kept beside the new one.
    expect(pages.stats().entries).toBe(0);
  });

  it('keeps nothing without a version, and nothing over a sixteenth of its bytes', () => {
    const pages = new CatalogPages({ entries: 10, bytes: 1600 });
    expect(pages.keep('a', undefined, answer(1)).toString()).toBe(answer(1));
    expect(pages.keep('b', 'v', answer(40)).toString()).toBe(answer(40));
    expect(pages.stats().entries).toBe(0);
  });

  it('holds at most its entries, the least recently used going first', () => {
    const pages = new CatalogPages({ entries: 3, bytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) pages.keep(key, 'v', answer(1));
    pages.kept('a', 'v');
    pages.keep('d', 'v', answer(1));
    expect(pages.stats().entries).toBe(3);
    expect(pages.kept('b', 'v')).toBeUndefined();
    expect(pages.kept('a', 'v')).toBeDefined();
  });

  it('holds at most its bytes, however many distinct queries a stranger sends', () => {
    const pages = new CatalogPages({ entries: 1000, bytes: 4000 });
    for (let i = 0; i < 500; i++)
      pages.keep(pageKey('site', 'v1', { query: { paging: { offset: i } } })!, 'v', answer(20));
    expect(pages.stats().bytes).toBeLessThanOrEqual(4000);
    expect(pages.stats().entries).toBeLessThan(50);
  });

  it('never keys a query longer than its limit', () => {
    expect(pageKey('site', 'v1', { query: { filter: 'x'.repeat(5000) } })).toBeUndefined();
  });

  it('keys no query nested past what JSON.stringify can write (the route fuzz found a 500)', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(pageKey('site', 'v1', deep)).toBeUndefined();
  });
});
