/** `sites[].languages`: BCP 47 tags, the first the default. Well-formed tags with a message catalog: i18n/config.ts. */
import { List, Text } from './common.js';

export const LanguagesSchema = List(Text({ 'x-message': 'must be a BCP 47 language tag such as "fr" or "pt-BR"' }), {
  minItems: 1,
  'x-too-few': 'must list at least one language (the first is the default), e.g. ["en", "fr"]',
});
