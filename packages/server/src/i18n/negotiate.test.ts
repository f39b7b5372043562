import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import { matchLanguage, negotiateLanguage } from './negotiate.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const site = { languages: ['en', 'fr', 'de', 'es', 'ar'] };

describe('negotiateLanguage: first match wins', () => {
  it('an explicit choice beats the profile, the browser and the default', () => {
    expect(negotiateLanguage(site, { explicit: 'de', profile: 'fr', acceptLanguage: 'es' })).toBe('de');
  });
  it('then the member profile language', () => {
    expect(negotiateLanguage(site, { profile: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(negotiateLanguage(site, { explicit: 'it', profile: 'fr', acceptLanguage: 'es' })).toBe('fr');
  });
  it('then Accept-Language against the site languages, with q-values and regional tags', () => {
    expect(negotiateLanguage(site, { acceptLanguage: 'es-MX,es;q=0.9,en;q=0.5' })).toBe('es');
    expect(negotiateLanguage(site, { acceptLanguage: 'it, ar-EG;q=0.8, fr;q=0.3' })).toBe('ar');
    expect(negotiateLanguage(site, { profile: 'pt', acceptLanguage: 'de-AT' })).toBe('de');
  });
  it('then the site default; unknown or malformed input is never an error', () => {
    expect(negotiateLanguage(site, {})).toBe('en');
    expect(negotiateLanguage(site, { explicit: 'xx', profile: 42, acceptLanguage: 'zz;q=abc,,;' })).toBe('en');
    expect(negotiateLanguage({ languages: ['fr', 'en'] }, { explicit: '<script>' })).toBe('fr');
    expect(negotiateLanguage({}, { acceptLanguage: 'fr' })).toBe('en');
  });
  it('matches tags case-insensitively and by language subtag', () => {
    expect(matchLanguage(site.languages, 'FR-ca')).toBe('fr');
    expect(matchLanguage(['en', 'pt-BR'], 'pt')).toBe('pt-BR');
    expect(matchLanguage(site.languages, 'it')).toBeUndefined();
  });
});

describe('sites[].languages in the config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-languages-'));
  const load = (languages: unknown) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    const client = {
      clientId: 'web',
      redirectUris: ['https://shop.example/cb'],
      allowedOrigins: ['https://shop.example'],
    };
    writeFileSync(
      path,
      JSON.stringify({
        adminKey: 'a'.repeat(30),
        sites: [{ id: 'shop', clients: [client], ...(languages === undefined ? {} : { languages }) }],
      }),
    );
    return loadConfig({ configPath: path, env: {}, dataDir: dir, ephemeral: true });
  };
  it('defaults to ["en"], keeps the order (first = default) and canonical tags', () => {
    expect(load(undefined).sites[0]!.languages).toEqual(['en']);
    expect(load(['fr', 'en', 'pt-br'.replace('pt', 'es')]).sites[0]!.languages).toEqual(['fr', 'en', 'es-BR']);
  });
  it('refuses a bad list with a message naming the key', () => {
    expect(() => load([])).toThrow('sites[0].languages must list at least one language');
    expect(() => load('fr')).toThrow('sites[0].languages must be an array');
    expect(() => load(['en', 'not a tag'])).toThrow('sites[0].languages[1] must be a BCP 47 language tag');
    expect(() => load(['en', 'EN'])).toThrow('sites[0].languages[1] lists "EN" twice');
    expect(() => load(['en', 'it'])).toThrow(
      /sites\[0\]\.languages\[1\] "it" has no message catalog \(shipped: ar, de, en, es, fr/,
    );
  });
  it('the demo site has the five shipped languages', () => {
    expect(loadConfig({ env: {}, dataDir: dir, ephemeral: true }).sites[0]!.languages).toEqual([
      'en',
      'fr',
      'de',
      'es',
      'ar',
    ]);
  });
});
