/**
 * The storefront's Lingui instance and language switching. Only the active language's catalog is
 * fetched, in two parts (see lingui-plugin.ts): the `shell` texts with the page, the `pages` texts
 * with the first lazy page (`withPageTexts`). The page's `<html lang dir>` follows the language.
 */
import { setupI18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { directionOf, saveLanguage } from './languages.js';
import type { LanguageCode } from './languages.js';

export const i18n = setupI18n();

type Catalog = Promise<{ messages: Messages }>;
type Part = 'shell' | 'pages';

// Explicit imports: the bundler makes one chunk of each part of each language, fetched on demand.
const catalogs: Record<LanguageCode, Record<Part, () => Catalog>> = {
  en: {
    shell: () => import('virtual:storefront-catalog/en/shell'),
    pages: () => import('virtual:storefront-catalog/en/pages'),
  },
  fr: {
    shell: () => import('virtual:storefront-catalog/fr/shell'),
    pages: () => import('virtual:storefront-catalog/fr/pages'),
  },
  de: {
    shell: () => import('virtual:storefront-catalog/de/shell'),
    pages: () => import('virtual:storefront-catalog/de/pages'),
  },
  es: {
    shell: () => import('virtual:storefront-catalog/es/shell'),
    pages: () => import('virtual:storefront-catalog/es/pages'),
  },
  ar: {
    shell: () => import('virtual:storefront-catalog/ar/shell'),
    pages: () => import('virtual:storefront-catalog/ar/pages'),
  },
};

const loading = new Map<string, Promise<void>>();
/** Parts already in `i18n`, so a switch to them can happen synchronously. */
const ready = new Set<string>();
/** Set once a lazy page asked for its texts: a later switch of language loads them at once too. */
let pagesWanted = false;

function loadPart(code: string, part: Part, load?: () => Catalog): Promise<void> {
  const key = `${code}/${part}`;
  let done = loading.get(key);
  if (!done) {
    const source = load ?? catalogs[code as LanguageCode]?.[part];
    // Lingui merges what is loaded for a locale, so the parts add up to the whole catalog.
    done = (source ? source().then(({ messages }) => i18n.load(code, messages)) : Promise.resolve()).then(
      () => void ready.add(key),
      (error: unknown) => {
        loading.delete(key); // a failed fetch may be retried
        throw error;
      },
    );
    loading.set(key, done);
  }
  return done;
}

/** Calls of `activateLanguage` so far: only the latest may switch the language. */
let requests = 0;

/**
 * Loads `code`'s texts and makes it the active language of every component. When they were loaded
 * before, the switch happens synchronously (before this call returns). `load` gives the whole
 * catalog at once (tests: the pseudo-locale). False when a later call chose another language first.
 */
export async function activateLanguage(code: LanguageCode | 'pseudo', load?: () => Catalog): Promise<boolean> {
  const request = ++requests;
  if (load) {
    await loadPart(code, 'shell', load);
    ready.add(`${code}/pages`);
  }
  const parts: Part[] = pagesWanted ? ['shell', 'pages'] : ['shell'];
  if (!parts.every((part) => ready.has(`${code}/${part}`)))
    await Promise.all(parts.map((part) => loadPart(code, part)));
  // The last choice wins: a shopper who picked another language while these texts loaded keeps that one.
  if (request != requests) return false;
  if (i18n.locale != code) i18n.activate(code);
  const html = document.documentElement;
  html.lang = code == 'pseudo' ? 'en-XA' : code;
  html.dir = directionOf(code);
  return true;
}

/** Server rendering: every text of `code` (both parts), loaded without touching a document. */
export async function loadAllTexts(code: LanguageCode): Promise<void> {
  pagesWanted = true;
  await Promise.all([loadPart(code, 'shell'), loadPart(code, 'pages')]);
}

/** For lazy pages: the page's module, once the active language's page texts are there too. */
export function withPageTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    pagesWanted = true;
    const [page] = await Promise.all([
      load(),
      ready.has(`${i18n.locale}/pages`) ? undefined : loadPart(i18n.locale, 'pages'),
    ]);
    return page;
  };
}

/** A shopper's choice: activated and kept for the next visit, unless they chose again meanwhile (false). */
export async function chooseLanguage(code: LanguageCode): Promise<boolean> {
  if (!(await activateLanguage(code))) return false;
  saveLanguage(code);
  return true;
}
