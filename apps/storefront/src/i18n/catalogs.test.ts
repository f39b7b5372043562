/**
 * The message catalogs translators edit (src/locales/<lang>.po): every language has exactly the
 * English ids — a missing or an extra id fails — with the same placeholders, tags and plural or
 * select arguments, and each message is valid ICU.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.js';

const po = formatter();
const read = async (lang: string) => {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales', `${lang}.po`);
  const catalog = await po.parse(readFileSync(file, 'utf8'), { locale: lang, sourceLocale: 'en', filename: file });
  return Object.fromEntries(Object.entries(catalog ?? {}).map(([id, m]) => [id, m.translation ?? '']));
};

/** Argument names with their kind (`count:plural`, `title:`), and the numbered tags (`<0>`). */
function shape(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type == 'argument') found.add(`${t.arg}:`);
      if (t.type == 'function') found.add(`${t.arg}:${t.key}`);
      if (t.type == 'plural' || t.type == 'select' || t.type == 'selectordinal') {
        found.add(`${t.arg}:${t.type}`);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  for (const tag of message.match(/<\/?\d+>/g) ?? []) found.add(tag);
  return [...found].sort();
}

describe('storefront catalogs', async () => {
  const english = await read('en');
  const ids = Object.keys(english).sort();

  it('English has a text for every id', () => {
    expect(ids.length).toBeGreaterThan(150);
    expect(ids.filter((id) => !english[id]?.trim())).toEqual([]);
  });

  for (const { code } of LANGUAGES.filter((l) => l.code != 'en')) {
    it(`${code} has exactly the English ids, each translated, with the same placeholders and tags`, async () => {
      const catalog = await read(code);
      expect({
        missing: ids.filter((id) => !(id in catalog)),
        extra: Object.keys(catalog).filter((id) => !(id in english)),
      }).toEqual({ missing: [], extra: [] });
      expect(ids.filter((id) => !catalog[id]?.trim())).toEqual([]);
      const mismatched = ids.filter((id) => shape(catalog[id]!).join() != shape(english[id]!).join());
      expect(mismatched.map((id) => `${id}: ${catalog[id]}`)).toEqual([]);
    });
  }

  it('uses the plural categories of each language (Arabic: zero, one, two, few, many, other)', async () => {
    const arabic = await read('ar');
    const categories = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
    for (const id of ids.filter((i) => english[i]!.includes(', plural,'))) {
      for (const category of categories) expect(arabic[id], id).toContain(` ${category} {`);
    }
  });
});
