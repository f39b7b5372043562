import { describe, expect, it, vi } from 'vitest';
import { cookieTokens, localStorageTokens, memoryStorage } from './storage.js';
import type { Tokens } from './types.js';

const tokens = (value = 'AT', role: 'visitor' | 'member' = 'member'): Tokens => ({
  accessToken: { value, expiresAt: 1_900_000_000 },
  refreshToken: { value: 'RT;=%', role },
});

/** A Storage stand-in: the adapter only uses getItem/setItem. */
function fakeStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('memoryStorage', () => {
  it('returns what was set', () => {
    const s = memoryStorage();
    expect(s.get()).toBeUndefined();
    s.set(tokens());
    expect(s.get()).toEqual(tokens());
    expect(memoryStorage(tokens('X')).get()?.accessToken.value).toBe('X');
  });
});

describe('localStorageTokens', () => {
  it('stores JSON under its key and reads garbage as no tokens', () => {
    const storage = fakeStorage();
    const s = localStorageTokens({ storage, key: 'k' });
    expect(s.get()).toBeNull();
    s.set(tokens());
    expect(JSON.parse(storage.map.get('k')!)).toEqual(tokens());
    expect(s.get()).toEqual(tokens());
    storage.setItem('k', '{not json');
    expect(s.get()).toBeNull();
    storage.setItem('k', '{"accessToken":1}');
    expect(s.get()).toBeNull();
  });

  it('relays storage events for its key (and clear) until unsubscribed', () => {
    const events = new EventTarget();
    const s = localStorageTokens({ storage: fakeStorage(), key: 'k', events });
    const listener = vi.fn();
    const unsubscribe = s.subscribe!(listener);
    const fire = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }));
    fire('other');
    expect(listener).not.toHaveBeenCalled();
    fire('k');
    fire(null);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    fire('k');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('cookieTokens', () => {
  it('round-trips tokens through Set-Cookie and Cookie headers', () => {
    const server1 = cookieTokens(undefined);
    expect(server1.get()).toBeNull();
    server1.set(tokens());
    const setCookie = server1.toSetCookie();
    expect(setCookie).toMatch(/^vitrine_tokens=[^;\s]+; Path=\/; Max-Age=2592000; SameSite=Lax; Secure$/);
    const pair = setCookie.split(';')[0]!;
    const server2 = cookieTokens(`theme=dark; ${pair}; other=1`);
    expect(server2.get()).toEqual(tokens());
  });

  it('honours a custom name and attributes', () => {
    const s = cookieTokens('auth=x', { name: 'auth', attributes: 'Path=/shop; HttpOnly' });
    expect(s.get()).toBeNull();
    s.set(tokens());
    expect(s.toSetCookie()).toMatch(/^auth=\S+; Path=\/shop; HttpOnly$/);
  });

  it('expires the cookie once tokens are cleared', () => {
    const s = cookieTokens(null);
    s.set({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    expect(s.toSetCookie()).toBe('vitrine_tokens=; Path=/; Max-Age=2592000; SameSite=Lax; Secure; Max-Age=0');
    expect(cookieTokens(null).toSetCookie()).toMatch(/Max-Age=0$/);
  });

  it('ignores malformed cookie values', () => {
    expect(cookieTokens('vitrine_tokens=%E0%A4%A').get()).toBeNull();
    expect(cookieTokens('vitrine_tokens=%7B%7D').get()).toBeNull();
    expect(cookieTokens('xvitrine_tokens=1').get()).toBeNull();
  });
});
