import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The storefront's message catalogs: one PO file per language in src/locales/, keyed by explicit ids
 * (`header.signIn`), ICU messages. `pseudo` is generated from English (test of hard-coded texts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'de', 'es', 'ar', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
