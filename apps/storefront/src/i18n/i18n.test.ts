/** Switching languages: the last choice wins, even when an earlier one's texts arrive after it. */
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from './i18n.js';

afterAll(() => activateLanguage('en'));

describe('activateLanguage', () => {
  it('keeps the language chosen last when an earlier choice finishes loading after it', async () => {
    await activateLanguage('en');
    // The pseudo-locale's catalog arrives a moment later; English (loaded) switches at once.
    const slow = activateLanguage('pseudo', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return import('../locales/pseudo.po');
    });
    expect(await activateLanguage('en')).toBe(true);
    expect(await slow).toBe(false);
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // Chosen on its own, it is the language.
    await activateLanguage('pseudo');
    expect(i18n.locale).toBe('pseudo');
    expect(document.documentElement.lang).toBe('en-XA');
  });
});
