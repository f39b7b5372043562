/** The sitemaps.org XML (with Google's `xhtml:link` language alternates), written piece by piece for streaming. */
import { localizedPath, type ShopLanguages } from './shop-addresses.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// XML 1.0 has no way to write most control characters, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const INDEX_CLOSE = '</sitemapindex>\n';

/**
 * One page in every language: a `<url>` per language, each naming all of them (itself included) and the
 * default as `x-default`, as search engines ask of language alternates.
 */
export function pageEntries(origin: string, languages: ShopLanguages, path: string, lastmod?: string): string {
  const href = (language: string) => xmlText(origin + localizedPath(languages, language, path));
  const alternates =
    languages.all.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>\n`).join('') +
    (languages.all.length > 1
      ? `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(languages.defaultLanguage)}"/>\n`
      : '');
  const modified = lastmod ? `    <lastmod>${xmlText(lastmod)}</lastmod>\n` : '';
  return languages.all.map((l) => `  <url>\n    <loc>${href(l)}</loc>\n${modified}${alternates}  </url>\n`).join('');
}

export function indexEntry(location: string): string {
  return `  <sitemap>\n    <loc>${xmlText(location)}</loc>\n  </sitemap>\n`;
}
