import { take, type Reader } from '../config/validate.js';
import { catalogTagFor, shippedLanguages } from './catalog.js';

/**
 * `sites[].languages`: BCP 47 tags, the first the site's default (default ["en"]). The list's shape is
 * schema/languages.ts's; here each tag must be well formed (Intl), listed once and have a message catalog
 * (its own file or its language's: fr-CA uses fr.json).
 */
export function buildLanguages(r: Reader, raw: unknown, path: string): string[] {
  if (raw === undefined) return ['en'];
  const seen = new Set<string>();
  const languages: string[] = [];
  take.list(raw).forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string' || !item) return; // the schema named it
    let tag: string;
    try {
      tag = Intl.getCanonicalLocales(item)[0]!;
    } catch {
      return r.fail(at, `must be a BCP 47 language tag such as "fr" or "pt-BR" (got ${JSON.stringify(item)})`);
    }
    if (seen.has(tag.toLowerCase())) return r.fail(at, `lists "${item}" twice`);
    seen.add(tag.toLowerCase());
    if (!catalogTagFor(tag)) {
      return r.fail(
        at,
        `"${item}" has no message catalog (shipped: ${shippedLanguages().join(', ')}; add packages/server/src/i18n/catalogs/${tag.split('-')[0]}.json)`,
      );
    }
    languages.push(tag);
  });
  return languages.length ? languages : ['en'];
}
