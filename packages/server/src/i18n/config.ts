import type { Reader } from '../config/validate.js';
import { catalogTagFor, shippedLanguages } from './catalog.js';

/**
 * `sites[].languages`: BCP 47 tags, the first the site's default (default ["en"]). Each must be a
 * well-formed tag with a message catalog (its own file or its language's: fr-CA uses fr.json).
 */
export function readLanguages(r: Reader, raw: unknown, path: string): string[] {
  if (raw === undefined) return ['en'];
  const items = r.array(raw, path);
  if (Array.isArray(raw) && items.length === 0) r.fail(path, 'must list at least one language (the first is the default), e.g. ["en", "fr"]');
  const seen = new Set<string>();
  const languages: string[] = [];
  items.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string' || !item) return r.fail(at, `must be a BCP 47 language tag such as "fr" or "pt-BR" (got ${JSON.stringify(item)})`);
    let tag: string;
    try {
      tag = Intl.getCanonicalLocales(item)[0]!;
    } catch {
      return r.fail(at, `must be a BCP 47 language tag such as "fr" or "pt-BR" (got ${JSON.stringify(item)})`);
    }
    if (seen.has(tag.toLowerCase())) return r.fail(at, `lists "${item}" twice`);
    seen.add(tag.toLowerCase());
    if (!catalogTagFor(tag)) {
      return r.fail(at, `"${item}" has no message catalog (shipped: ${shippedLanguages().join(', ')}; add packages/server/src/i18n/catalogs/${tag.split('-')[0]}.json)`);
    }
    languages.push(tag);
  });
  return languages.length ? languages : ['en'];
}
