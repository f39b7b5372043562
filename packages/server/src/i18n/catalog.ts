import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { html as markup, unsafeRawHtml, type Html } from '../http/html.js';
import type english from './catalogs/en.json';

/**
 * The message catalogs of the hosted pages and mails: one flat JSON file per language in ./catalogs
 * (`fr.json`, …), ICU MessageFormat values. Translators edit those files alone; adding a file adds a
 * language the config may then list. English (`en.json`) is the reference every other file must match.
 */
export type MessageKey = keyof typeof english;
export type Catalog = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;

// A path, not `new URL('./catalogs/', import.meta.url)`: Vite rewrites that pattern to a web address when
// the server runs inside the storefront's jsdom tests.
const CATALOG_DIR = join(dirname(fileURLToPath(import.meta.url)), 'catalogs');

function loadShipped(): Map<string, Catalog> {
  const catalogs = new Map<string, Catalog>();
  for (const file of readdirSync(CATALOG_DIR)) {
    if (!file.endsWith('.json')) continue;
    catalogs.set(file.slice(0, -5).toLowerCase(), JSON.parse(readFileSync(join(CATALOG_DIR, file), 'utf8')) as Catalog);
  }
  return catalogs;
}

const catalogs = loadShipped();

/** The languages that have a catalog file, e.g. ["ar", "de", "en", "es", "fr"]. */
export const shippedLanguages = (): string[] => [...catalogs.keys()].sort();

/** The catalog used for a BCP 47 tag: its own file, else the file of its language subtag (fr-CA → fr). */
export function catalogTagFor(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  if (catalogs.has(lower)) return lower;
  const primary = lower.split('-')[0]!;
  return catalogs.has(primary) ? primary : undefined;
}

/** Adds or replaces a catalog at run time (the pseudo-locale test; a deployment's own language). */
export function registerCatalog(tag: string, catalog: Catalog): void {
  catalogs.set(tag.toLowerCase(), catalog);
  formats.clear();
}

export const catalogOf = (tag: string): Catalog | undefined => catalogs.get(tag.toLowerCase());

const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr']);

/** Writing direction of a language, from its (likely) script: ar, fa, he, ur … are right to left. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  try {
    return RTL_SCRIPTS.has(new Intl.Locale(tag).maximize().script ?? '') ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

export interface Translator {
  /** The BCP 47 tag pages and mails declare (`<html lang>`, Content-Language). */
  language: string;
  dir: 'ltr' | 'rtl';
  /** A message as plain text (escape it before it goes into HTML). */
  t(key: MessageKey, values?: MessageValues): string;
  /** A message as HTML: the text escaped, the `fragments` (made with `html`) inserted as they are. */
  markup(key: MessageKey, values?: MessageValues, fragments?: Record<string, Html>): Html;
  /** `markup` as a string, its fragments given as markup strings (already escaped). */
  html(key: MessageKey, values?: MessageValues, html?: Record<string, string>): string;
}

const formats = new Map<string, IntlMessageFormat>();

function format(tag: string, key: MessageKey, values: MessageValues | undefined): string {
  const catalogTag = catalogTagFor(tag) ?? 'en';
  const id = `${tag}\u0000${key}`;
  let compiled = formats.get(id);
  if (!compiled) {
    // A key missing from a catalog falls back to English (the catalog test keeps that from shipping).
    const source = catalogs.get(catalogTag)?.[key] ?? catalogs.get('en')?.[key] ?? key;
    // ignoreTag: "<" in a translation is text, never markup.
    compiled = new IntlMessageFormat(source, tag, undefined, { ignoreTag: true });
    formats.set(id, compiled);
  }
  return String(compiled.format(values));
}

/** The messages of one language. */
export function translator(tag: string): Translator {
  const messageMarkup = (key: MessageKey, values: MessageValues = {}, fragments: Record<string, Html> = {}): Html => {
    // Markup placeholders go through formatting as private-use markers; the text between them is escaped.
    const marked: MessageValues = { ...values };
    const names = Object.keys(fragments);
    names.forEach((name, i) => (marked[name] = `\uE000${i}\uE001`));
    const parts = format(tag, key, marked).split(/\uE000(\d+)\uE001/);
    return markup`${parts.map((part, i) => (i % 2 ? fragments[names[Number(part)]!] : part))}`;
  };
  return {
    language: tag,
    dir: textDirection(tag),
    t: (key, values) => format(tag, key, values),
    markup: messageMarkup,
    // The caller vouches that these strings are markup (the parameter's contract since before `html`).
    html: (key, values, html = {}) =>
      messageMarkup(
        key,
        values,
        Object.fromEntries(Object.entries(html).map(([name, value]) => [name, unsafeRawHtml(value)])),
      ).toString(),
  };
}
