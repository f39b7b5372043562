export {
  catalogOf,
  catalogTagFor,
  registerCatalog,
  shippedLanguages,
  textDirection,
  translator,
  type Catalog,
  type MessageKey,
  type Translator,
} from './catalog.js';
export { matchLanguage, negotiateLanguage, siteLanguages, type LanguageHints } from './negotiate.js';
export { buildLanguages } from './config.js';
export { mailLanguage, withRequestLanguage } from './mail-language.js';
export { TEXT_SEARCH_CONFIGS, textSearchConfig } from './text-search.js';
