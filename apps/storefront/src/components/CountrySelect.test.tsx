import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadAllTexts } from '../i18n/i18n.js';
import { CountrySelect } from './CountrySelect.js';

afterEach(cleanup);
beforeAll(async () => {
  await loadAllTexts('fr'); // the address book's and checkout's texts load with their pages
  await activateLanguage('fr');
});

const shown = (value: string, countries?: string[]) => {
  render(
    <I18nProvider i18n={i18n}>
      <CountrySelect label="Pays" value={value} onChange={() => undefined} {...(countries ? { countries } : {})} />
    </I18nProvider>,
  );
  return screen.getByLabelText('Pays') as HTMLSelectElement;
};

describe('CountrySelect', () => {
  it('lists every country named in the shopper’s language, sorted by that name', () => {
    const select = shown('');
    const names = [...select.options].slice(1).map((o) => o.textContent!);
    expect(names.length).toBe(249);
    expect(select.querySelector('option[value="DE"]')!.textContent).toBe('Allemagne');
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it('shows a saved alpha-3 code as its country, without a flag', () => {
    const select = shown('FRA');
    expect(select.value).toBe('FR');
    expect(select.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps a value that is no country selectable and flags it', () => {
    const select = shown('Frankreich');
    expect(select.value).toBe('Frankreich');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe(
      '« Frankreich » n’est pas un pays connu. Choisissez de nouveau le pays.',
    );
  });

  it('narrows to the given countries, keeping a saved one outside them under its name', () => {
    const select = shown('JP', ['FR', 'DE']);
    expect([...select.options].map((o) => o.value)).toEqual(['', 'DE', 'FR', 'JP']);
    expect(select.selectedOptions[0]!.textContent).toBe('Japon');
  });
});
