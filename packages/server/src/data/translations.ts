/**
 * Translatable fields (issue #18). A collection's `translatable` fields keep their own value in `data` (the site's
 * default language) and one value per other language in the row's `translations` column:
 * `{"fr": {"title": "…"}, "de": {"title": "…", "description": "…"}}`.
 * A read with `language` overlays that language's values field by field (a field without a translation keeps the
 * default-language value); filters and sorts read `coalesce(translations -> lang -> field, data -> field)`
 * (filter/compile.ts), so they work on exactly the values the caller is shown. Collections without
 * `translatable`, and reads without a language or in the default language, run the same SQL as before.
 */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import { invalidField } from '../errors/wire.js';
import type { CompileTarget, Params } from './filter/compile.js';
import { isPlainObject, normalizeJson, type Json, type JsonObject } from './json.js';

/** What a read must translate: the site language it resolved to and the collection's translatable fields. */
export interface ItemLanguage {
  language: string;
  fields: ReadonlySet<string>;
}

const TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

export function siteLanguages(site: SiteConfig): readonly string[] {
  return site.languages && site.languages.length > 0 ? site.languages : ['en'];
}

/**
 * The site language a requested tag stands for: the same tag (any case), else the same primary language
 * (`fr-CA` → `fr`, `pt` → `pt-BR`), else the default. A language the site does not have is never an error.
 */
export function matchLanguage(site: SiteConfig, requested: string): string {
  const languages = siteLanguages(site);
  const wanted = requested.toLowerCase();
  const exact = languages.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return languages.find((l) => l.toLowerCase().split('-')[0] === primary) ?? languages[0]!;
}

/**
 * The `language` of a read (body field or query parameter): undefined when nothing is to be translated —
 * no language, the default one, one the site does not have, or a collection without translatable fields.
 */
export function itemLanguage(
  site: SiteConfig,
  collection: CollectionConfig,
  raw: unknown,
  where = 'language',
): ItemLanguage | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 35)
    throw invalidField(where, 'must be a language tag such as "fr" or "pt-BR"');
  if (!collection.translatable?.length) return undefined;
  const language = matchLanguage(site, raw);
  if (language === siteLanguages(site)[0]) return undefined;
  return { language, fields: new Set(collection.translatable) };
}

/**
 * The site language (not the default) a read of items from any collection (references) is translated into, or
 * undefined: then the read is the plain one. Only sites with a translatable collection ever read translations.
 */
export function siteReadLanguage(site: SiteConfig, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '' || !site.collections.some((c) => c.translatable?.length))
    return undefined;
  if (typeof raw !== 'string' || raw.length > 35)
    throw invalidField('language', 'must be a language tag such as "fr" or "pt-BR"');
  const language = matchLanguage(site, raw);
  return language === siteLanguages(site)[0] ? undefined : language;
}

/** The compile target of `data_items i` for a read in `lang` (the plain target without one). */
export function itemTarget(lang: ItemLanguage | undefined): CompileTarget {
  if (!lang) return { doc: 'i.data', itemColumns: 'i.' };
  return {
    doc: 'i.data',
    itemColumns: 'i.',
    translated: { column: 'i.translations', language: lang.language, fields: lang.fields },
  };
}

/** The select-list entry that fetches only the requested language's values (as `tr`). */
export function translationColumn(lang: ItemLanguage | undefined, params: Params): string {
  return lang ? `, i.translations -> ${params.add(lang.language)}::text as tr` : '';
}

/** `data` with the translated fields of `values` (one language's object) laid over it. */
export function applyTranslation(
  data: JsonObject,
  values: Json | null | undefined,
  lang: ItemLanguage | undefined,
): JsonObject {
  if (!lang || !isPlainObject(values)) return data;
  const out: JsonObject = { ...data };
  for (const [field, value] of Object.entries(values)) {
    if (lang.fields.has(field) && value !== null)
      Object.defineProperty(out, field, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Checks one language's translated values (admin API body, seed item) and returns them without nulls: each key a
 * translatable field, each value a string; `null` means "no translation" (the default-language value shows).
 */
export function parseTranslationValues(collection: CollectionConfig, raw: unknown, where: string): JsonObject {
  if (!isPlainObject(raw))
    throw invalidField(where, 'must be an object of translated field values, e.g. {"title": "…"}');
  const allowed = collection.translatable ?? [];
  const out: JsonObject = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!allowed.includes(field)) {
      const known = allowed.length
        ? `translatable fields: ${allowed.join(', ')}`
        : 'the collection declares no "translatable" fields';
      throw invalidField(
        `${where}.${field}`,
        `is not a translatable field of the ${collection.id} collection (${known})`,
        'NOT_TRANSLATABLE',
      );
    }
    if (value === null) continue;
    if (typeof value !== 'string')
      throw invalidField(`${where}.${field}`, 'must be a string (or null to remove the translation)');
    normalizeJson(value, `${where}.${field}`);
    Object.defineProperty(out, field, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A language translations may be written for: one of the site's, and not its default (that is the item itself). */
export function translationLanguage(site: SiteConfig, raw: unknown, where: string): string {
  const languages = siteLanguages(site);
  if (typeof raw !== 'string' || !TAG.test(raw))
    throw invalidField(where, 'must be a language tag such as "fr" or "pt-BR"');
  const language = languages.find((l) => l.toLowerCase() === raw.toLowerCase());
  if (!language)
    throw invalidField(
      where,
      `must be one of the site's languages (${languages.join(', ')}; got "${raw}")`,
      'UNKNOWN_LANGUAGE',
    );
  if (language === languages[0]) {
    throw invalidField(
      where,
      `is the site's default language: its values are the item's own fields (change the item instead)`,
      'DEFAULT_LANGUAGE',
    );
  }
  return language;
}

/**
 * All translations of a seed item (`translations` key), checked. Languages the site does not list (or its default)
 * are left out and named in `skipped`, so a site may narrow its languages without editing every seed.
 */
export function seedTranslations(
  site: SiteConfig,
  collection: CollectionConfig,
  raw: unknown,
  where: string,
): { translations: JsonObject | undefined; skipped: string[] } {
  if (raw === undefined) return { translations: undefined, skipped: [] };
  if (!isPlainObject(raw))
    throw invalidField(where, 'must be an object keyed by language, e.g. {"fr": {"title": "…"}}');
  const languages = siteLanguages(site);
  const out: JsonObject = {};
  const skipped: string[] = [];
  for (const [tag, values] of Object.entries(raw)) {
    if (!TAG.test(tag))
      throw invalidField(`${where}.${tag}`, 'must be keyed by a language tag such as "fr" or "pt-BR"');
    const parsed = parseTranslationValues(collection, values, `${where}.${tag}`);
    const language = languages.slice(1).find((l) => l.toLowerCase() === tag.toLowerCase());
    if (!language) skipped.push(tag);
    else if (Object.keys(parsed).length > 0) out[language] = parsed;
  }
  return { translations: Object.keys(out).length > 0 ? out : undefined, skipped };
}
