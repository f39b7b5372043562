import { describe, expect, it } from 'vitest';
import { hintText, languageName, translationForm, translationValues } from './translation-form.js';

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
