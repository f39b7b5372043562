// The storefront's i18n helpers. In a component: `const { _ } = useLingui(); _('catalog.title')`,
// with the id's text in every src/locales/<lang>.po; prices and dates through `useFormat()`.
export { i18n, activateLanguage, chooseLanguage } from './i18n.js';
export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  initialLanguage,
  isLanguage,
  directionOf,
  addressLanguage,
  languageBase,
} from './languages.js';
export type { LanguageCode } from './languages.js';
export { LanguageSelect } from './LanguageSelect.js';
export { useFormat } from './format.js';
export { useLingui } from '@lingui/react';
// `Rich` (texts with tags) is imported from './Rich.js' by the lazy pages that use it: re-exported here,
// it would ride in the first load with this barrel.
