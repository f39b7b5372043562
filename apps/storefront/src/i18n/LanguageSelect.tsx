import { useLingui } from '@lingui/react';
import { useLanguage } from '@vitrine/react';
import { useId } from 'react';
import { getLocation, navigate, setBase } from '../app/router/index.js';
import { chooseLanguage } from './i18n.js';
import { LANGUAGES, isLanguage, languageBase } from './languages.js';

/**
 * The header's language menu. Each option is written in its own language; the label keeps the word
 * "Language" in every translation, so a shopper lost in a language they cannot read still finds it.
 * A choice switches the texts and the address's language part, is kept for the next visit, and goes to the API (data, hosted pages,
 * the member's profile) through `useLanguage`.
 */
export function LanguageSelect() {
  const id = useId();
  const { _, i18n } = useLingui();
  const { setLanguage } = useLanguage();
  return (
    <div className="language-select">
      <label htmlFor={id}>{_('header.language')}</label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          const code = e.target.value;
          if (!isLanguage(code)) return;
          void chooseLanguage(code).then((chosen) => {
            if (!chosen) return; // another language was picked while this one's texts loaded
            // The address names the language (`/fr/…`): the same page, in the new language's part.
            const { pathname, search, hash, state } = getLocation();
            setBase(languageBase(code));
            navigate(pathname + search + hash, { replace: true, state });
            return setLanguage(code);
          });
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
