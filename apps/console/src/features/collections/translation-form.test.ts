import { describe, expect, it } from 'vitest';
import { hintText, languageName, translationForm, translationValues, plainTextOf } from './translation-form.js';

describe('the translation form', () => {
  it('shows stored values and leaves untranslated fields empty', () => {
    expect(translationForm(['title', 'description'], { title: 'Mug en grès' })).toEqual({
      title: 'Mug en grès',
      description: '',
    });
    expect(translationForm(['title'], undefined)).toEqual({ title: '' });
  });

  it('sends empty (or blank) fields as null so they fall back to the default language', () => {
    expect(translationValues(['title', 'description'], { title: 'Mug en grès', description: '  ' })).toEqual({
      title: 'Mug en grès',
      description: null,
    });
  });

  it('names languages in their own language, capitalised', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('es')).toBe('Español');
    expect(languageName('ar')).toBe('العربية');
  });

  it('hints at the default value, saying when there is none', () => {
    expect(hintText('Stoneware mug')).toBe('Stoneware mug');
    expect(hintText(undefined)).toBe('(empty)');
  });
});

describe('plainTextOf', () => {
  it('reads rich text as its words: entities decoded, blocks apart, tags gone', () => {
    expect(
      plainTextOf(
        '<p>A warm&nbsp;lamp in <strong>solid brass</strong>.</p><ul><li><p>E27 bulb</p></li><li><p>1.8 m cord</p></li></ul>',
      ),
    ).toBe('A warm lamp in solid brass. E27 bulb 1.8 m cord');
    expect(plainTextOf('<p>Fish &amp; chips &lt;3</p>')).toBe('Fish & chips <3');
  });
});
