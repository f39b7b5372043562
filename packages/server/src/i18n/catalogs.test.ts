import { readdirSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { translator } from './catalog.js';

/** Every catalog file holds exactly the English keys, with the same placeholders, and parses as ICU. */
const dir = new URL('./catalogs/', import.meta.url);
const load = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>;
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const english = load('en.json');

/** The argument names a message uses (inside plurals and selects too). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('message catalogs', () => {
  it('ship the five languages of the demo site', () => {
    expect(files.sort()).toEqual(['ar.json', 'de.json', 'en.json', 'es.json', 'fr.json']);
  });

  for (const file of files) {
    it(`${file} has every key of en.json and no other`, () => {
      const catalog = load(file);
      const missing = Object.keys(english).filter((k) => !(k in catalog));
      const extra = Object.keys(catalog).filter((k) => !(k in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${file}: every message is non-empty ICU with the placeholders of the English one`, () => {
      const catalog = load(file);
      for (const [key, message] of Object.entries(catalog)) {
        expect(message.trim(), key).not.toBe('');
        const used = [...argumentsOf(parse(message, { ignoreTag: true }))].sort();
        expect(used, `${file} ${key}`).toEqual([...argumentsOf(parse(english[key] ?? '', { ignoreTag: true }))].sort());
      }
    });
  }

  it('plurals follow each language: Arabic has its own forms, French counts 0 and 1 as one', () => {
    expect(translator('en').t('mail.code.expires', { minutes: 1 })).toBe('It expires in 1 minute.');
    expect(translator('en').t('mail.code.expires', { minutes: 15 })).toBe('It expires in 15 minutes.');
    expect(translator('fr').t('mail.code.expires', { minutes: 1 })).toContain('1 minute');
    expect(translator('fr').t('mail.code.expires', { minutes: 15 })).toContain('15 minutes');
    const ar = translator('ar');
    expect(ar.dir).toBe('rtl');
    expect(ar.t('mail.code.expires', { minutes: 2 })).not.toBe(ar.t('mail.code.expires', { minutes: 15 }));
    expect(translator('de').dir).toBe('ltr');
  });

  it('html() escapes the text and inserts the given markup', () => {
    const html = translator('en').html('text.codeSentTo', { email: '' }, { email: '<strong>a&amp;b@x.test</strong>' });
    expect(html).toBe('We sent a 6-digit code to <strong>a&amp;b@x.test</strong>.');
    expect(translator('en').html('page.signOut.question', { site: '<Shop>' })).toContain('&#60;Shop&#62;');
  });
});
