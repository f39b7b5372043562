import { describe, expect, it } from 'vitest';
import { QueryCache, keyOf } from './query-cache.js';

describe('QueryCache', () => {
  const hash = keyOf(['shared', 'catalog', { page: 1 }]);

  it('refetches a watched key seeded from a server-rendered page once its reader adopts a fetcher', async () => {
    const cache = new QueryCache();
    cache.setData(hash, () => 'rendered in English');
    let notified = 0;
    cache.subscribe(hash, () => notified++);
    let language = 'en';
    cache.adopt(hash, async () => `fetched in ${language}`);

    language = 'fr';
    await cache.invalidate(['shared']);
    expect(cache.get<string>(hash)).toMatchObject({ status: 'success', data: 'fetched in fr' });
    expect(notified).toBeGreaterThan(0);
  });

  it('keeps the fetcher of a key it fetched itself', async () => {
    const cache = new QueryCache();
    cache.subscribe(hash, () => {});
    await cache.fetch(hash, async () => 'own');
    cache.adopt(hash, async () => 'adopted');
    await cache.invalidate(['shared']);
    expect(cache.get<string>(hash).data).toBe('own');
  });

  it('drops an unwatched key on invalidation', async () => {
    const cache = new QueryCache();
    cache.setData(hash, () => 'rendered');
    cache.adopt(hash, async () => 'fetched');
    await cache.invalidate(['shared']);
    expect(cache.get<string>(hash)).toMatchObject({ status: 'loading', data: undefined });
  });
});
