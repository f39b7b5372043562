/**
 * The storefront's Lingui instance and language switching. Only the active language's catalog is
 * fetched (one chunk per language, compiled from src/locales/<lang>.po at build time); the page's
 * `<html lang dir>` follows the language.
 */
import { setupI18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { directionOf, saveLanguage } from './languages.js';
import type { LanguageCode } from './languages.js';

export const i18n = setupI18n();

type Catalog = Promise<{ messages: Messages }>;

// One explicit import per language: the bundler makes one chunk of each, fetched on demand.
const catalogs: Record<LanguageCode, () => Catalog> = {
  en: () => import('../locales/en.po'),
  fr: () => import('../locales/fr.po'),
  de: () => import('../locales/de.po'),
  es: () => import('../locales/es.po'),
  ar: () => import('../locales/ar.po'),
};

const loaded = new Set<string>();

/**
 * Loads `code`'s catalog (once) and makes it the active language of every component. A catalog
 * loaded before is activated synchronously (the switch happens before this call returns).
 */
export async function activateLanguage(code: LanguageCode | 'pseudo', load: () => Catalog = () => catalogs[code as LanguageCode]()): Promise<void> {
  if (!loaded.has(code)) {
    const { messages } = await load();
    i18n.load(code, messages);
    loaded.add(code);
  }
  if (i18n.locale != code) i18n.activate(code);
  const html = document.documentElement;
  html.lang = code == 'pseudo' ? 'en-XA' : code;
  html.dir = directionOf(code);
}

/** A shopper's choice: activated and kept for the next visit. */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await activateLanguage(code);
  saveLanguage(code);
}
