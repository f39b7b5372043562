import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import type { FieldSpec, Item } from './api.js';
import { labelOf } from './editor-fields.js';
import { hintText, languageName, plainTextOf, translationForm, translationValues } from './translation-form.js';
import { useLanguages, useTranslationChange, useTranslations } from './translations-api.js';

// Rich text is translated in the same editor as the original, so a translated list stays a list (review t5 #4).
const RichTextEditor = lazy(() => import('./RichTextEditor.js'));

/**
 * An item's translations (issues #18, #30): pick one of the site's other languages, write its value of each
 * translatable field side by side with the default-language value, **Save translation** or **Remove translation**.
 * Its own form, after the item's: saving one never sends the other.
 */
export function TranslationsSection({
  siteId,
  collectionId,
  item,
  fields,
  specs = [],
}: {
  siteId: string;
  collectionId: string;
  item: Item;
  fields: readonly string[];
  /** The declared fields: labels, and rich text translated in a larger box. */
  specs?: readonly FieldSpec[];
}) {
  const ids = useId();
  const tags = useLanguages(siteId);
  const read = useTranslations(siteId, collectionId, item._id);
  const change = useTranslationChange(siteId, collectionId, item._id);
  const languages = tags.data && read.data ? tags.data.slice(1) : undefined;
  const defaultLanguage = tags.data?.[0] ?? '';
  const translations = read.data?.translations ?? {};
  const [chosen, setChosen] = useState<string>();
  const language = chosen ?? languages?.[0] ?? '';
  // What is typed, for the language it was typed in; else the language's saved values.
  const [typed, setTyped] = useState<{ language: string; values: Record<string, string> }>();
  const form = typed?.language === language ? typed.values : translationForm(fields, translations[language]);
  const setForm = (update: (values: Record<string, string>) => Record<string, string>) =>
    setTyped({ language, values: update(form) });
  const busy = change.isPending;
  const error = (change.error ?? tags.error ?? read.error)?.message;
  const success = change.isSuccess
    ? `${languageName(change.variables.language)} translation ${change.variables.values ? 'saved' : 'removed'}.`
    : undefined;

  function choose(tag: string) {
    setChosen(tag);
    setTyped(undefined);
    change.reset();
  }

  const name = languageName(language);
  // The answer is every translation as saved: the form shows it.
  const done = { onSuccess: () => setTyped(undefined) };
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ language, values: translationValues(fields, form) }, done);
  };
  const remove = () => change.mutateAsync({ language }, done);

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Translations</h2>
      {!languages && !error && <p role="status">Loading translations…</p>}
      {languages?.length === 0 && (
        <p className="help-block">
          This site has one language. List others in the config (<code>sites[].languages</code>) to translate{' '}
          {fields.join(', ')}.
        </p>
      )}
      {languages && languages.length > 0 && (
        <form className="form" onSubmit={save} noValidate>
          <label>
            Language
            <select value={language} onChange={(e) => choose(e.target.value)}>
              {languages.map((tag) => (
                <option key={tag} value={tag} lang={tag}>
                  {languageName(tag)}
                  {translations[tag] ? '' : ' (not translated)'}
                </option>
              ))}
            </select>
          </label>
          <div className="side-by-side" role="presentation">
            <span className="side-by-side__head" lang={defaultLanguage}>
              {languageName(defaultLanguage)}
            </span>
            <span className="side-by-side__head" lang={language}>
              {name}
            </span>
            {fields.map((field) => {
              const spec = specs.find((f) => f.key === field);
              const label = spec ? labelOf(spec) : field;
              const rich = spec?.type === 'richtext';
              const long = hintText(item[field]).length > 80;
              const input = {
                id: `${ids}-${field}-input`,
                lang: language,
                dir: 'auto',
                value: form[field] ?? '',
                'aria-describedby': `${ids}-${field}`,
                onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value })),
              };
              return (
                <div key={`${language}:${field}`} className="side-by-side__row">
                  <div className="side-by-side__source" id={`${ids}-${field}`}>
                    <span className="field-label">{label}</span>
                    <span lang={defaultLanguage} dir="auto">
                      {rich ? plainTextOf(hintText(item[field])) : hintText(item[field])}
                    </span>
                  </div>
                  {rich ? (
                    <div>
                      <span className="field-label">
                        {label} ({name})
                      </span>
                      <Suspense fallback={<p role="status">Loading the editor…</p>}>
                        <RichTextEditor
                          label={`${label} (${name})`}
                          describedBy={`${ids}-${field}`}
                          lang={language}
                          value={form[field] ?? ''}
                          onChange={(html) => setForm((f) => ({ ...f, [field]: html }))}
                        />
                      </Suspense>
                    </div>
                  ) : (
                    <div>
                      <label htmlFor={input.id}>
                        {label} ({name})
                      </label>
                      {long ? <textarea rows={4} {...input} /> : <input {...input} />}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          <p className="help">Left empty, a field shows its {languageName(defaultLanguage)} value.</p>
          <Notice error={error} success={success} />
          <div className="actions">
            <button type="submit" disabled={busy}>
              Save translation
            </button>
            <ConfirmButton
              label="Remove translation"
              question={`Remove the ${name} translation?`}
              consequence={`Its values are deleted; shoppers reading ${name} see the ${languageName(defaultLanguage)} values instead.`}
              confirmLabel="Yes, remove"
              disabled={busy || !translations[language]}
              onConfirm={remove}
            />
          </div>
        </form>
      )}
      {!languages && <Notice error={error} />}
    </section>
  );
}
