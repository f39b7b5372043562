import { lazy, Suspense } from 'react';
import { languageName } from '../collections/translation-form.js';
import type { ProductDraft } from './product-form.js';

// The same editor as the default language's description (loaded with it): a translated list stays a list.
const RichTextEditor = lazy(() => import('../collections/RichTextEditor.js'));

/**
 * A product's (or a product collection's) name and description in the site's other languages (the Stores wire and
 * the storefront show them to shoppers of that language); an empty field falls back to the default language's text.
 * A product's description is rich text (HTML), translated in the same rich-text editor as the original, so its
 * paragraphs and lists survive; a collection's is plain text, with shorter limits.
 */
export function ProductTranslations({
  languages,
  translations,
  onChange,
  limits = { name: 80, description: 16000 },
  descriptionIsHtml = true,
}: {
  /** The site's languages other than its default one. */
  languages: readonly string[];
  translations: ProductDraft['translations'];
  onChange: (translations: ProductDraft['translations']) => void;
  limits?: { name: number; description: number };
  descriptionIsHtml?: boolean;
}) {
  if (!languages.length) return <p>The site has one language: nothing to translate.</p>;
  const set = (lang: string, field: 'name' | 'description', text: string) =>
    onChange({ ...translations, [lang]: { ...translations[lang], [field]: text } });
  return (
    <>
      {languages.map((lang) => {
        const language = languageName(lang);
        return (
          <fieldset key={lang} lang={lang}>
            <legend lang="en">{language}</legend>
            <label>
              <span lang="en">{`Name (${language})`}</span>
              <input
                dir="auto"
                value={translations[lang]?.name ?? ''}
                maxLength={limits.name}
                onChange={(e) => set(lang, 'name', e.target.value)}
              />
            </label>
            {descriptionIsHtml ? (
              <div>
                <span className="field-label" lang="en">{`Description (${language})`}</span>
                <Suspense fallback={<p role="status">Loading the editor…</p>}>
                  <RichTextEditor
                    label={`Description (${language})`}
                    lang={lang}
                    value={translations[lang]?.description ?? ''}
                    onChange={(html) => set(lang, 'description', html)}
                  />
                </Suspense>
              </div>
            ) : (
              <label>
                <span lang="en">{`Description (${language})`}</span>
                <textarea
                  dir="auto"
                  rows={3}
                  maxLength={limits.description}
                  value={translations[lang]?.description ?? ''}
                  onChange={(e) => set(lang, 'description', e.target.value)}
                />
              </label>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
