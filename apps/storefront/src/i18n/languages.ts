/**
 * The storefront's languages, each named in itself (how a shopper finds theirs in the list), and how
 * the first one is picked: the shopper's earlier choice, else the browser's languages, else English.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'ar', name: 'العربية' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Where the choice is kept across reloads (per origin, like the cart's tokens). */
export const LANGUAGE_STORAGE_KEY = 'vitrine.language';

const RTL = new Set(['ar']);

export const isLanguage = (code: unknown): code is LanguageCode => LANGUAGES.some((l) => l.code == code);

/** `rtl` for right-to-left scripts (Arabic), else `ltr`. */
export const directionOf = (code: string): 'rtl' | 'ltr' => (RTL.has(code.split('-')[0]!) ? 'rtl' : 'ltr');

/** The language an address names in its first segment (`/fr/…`); the default language has none. */
export function addressLanguage(pathname: string): LanguageCode | undefined {
  const code = pathname.split('/')[1];
  return code != DEFAULT_LANGUAGE && isLanguage(code) ? code : undefined;
}

/** The part of the address for a language: `/fr`, or '' for the default language. */
export const languageBase = (code: LanguageCode): string => (code == DEFAULT_LANGUAGE ? '' : `/${code}`);

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the choice lasts for this page only
  }
}

export function saveLanguage(code: LanguageCode): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage blocked: nothing to keep it in.
  }
}

/** The stored choice, else the first browser language we have (`fr-CA` → `fr`), else English. */
export function initialLanguage(browser: readonly string[] = globalThis.navigator?.languages ?? []): LanguageCode {
  const choice = stored();
  if (isLanguage(choice)) return choice;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
