import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import type { FieldSpec, Item } from './collections-api.js';
import { labelOf } from './editor-fields.js';
import { hintText, languageName, translationForm, translationValues } from './translation-form.js';
import { translationsApi, type Translations } from './translations-api.js';

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
  const [languages, setLanguages] = useState<string[]>();
  const [defaultLanguage, setDefaultLanguage] = useState('');
  const [language, setLanguage] = useState('');
  const [translations, setTranslations] = useState<Translations>({});
  const [form, setForm] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The fields by value: the page may hand a new array with the same fields, which must not reload
  // (a reload would reset the language the owner has just picked).
  const fieldsKey = fields.join('\n');
  useEffect(() => {
    // A load that a newer one replaced (another item, or the effect run twice) must not overwrite it.
    let current = true;
    Promise.all([translationsApi.languages(siteId), translationsApi.read(siteId, collectionId, item._id)])
      .then(([tags, read]) => {
        if (!current) return;
        const others = tags.slice(1);
        setDefaultLanguage(tags[0] ?? '');
        setLanguages(others);
        setTranslations(read.translations);
        setLanguage(others[0] ?? '');
        setForm(translationForm(fields, read.translations[others[0] ?? '']));
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
    // The item's id is the identity here (and the fields by value); a save of the item itself needs no reload.
  }, [siteId, collectionId, item._id, fieldsKey]);

  function choose(tag: string) {
    setLanguage(tag);
    setForm(translationForm(fields, translations[tag]));
    setError(undefined);
    setSuccess(undefined);
  }

  async function run(action: () => Promise<{ translations: Translations }>, done: string) {
    setError(undefined);
    setSuccess(undefined);
    setBusy(true);
    try {
      const result = await action();
      setTranslations(result.translations);
      setForm(translationForm(fields, result.translations[language]));
      setSuccess(done);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const name = languageName(language);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => translationsApi.save(siteId, collectionId, item._id, language, translationValues(fields, form)),
      `${name} translation saved.`,
    );
  };
  const remove = () =>
    run(() => translationsApi.remove(siteId, collectionId, item._id, language), `${name} translation removed.`);

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
              const long = spec?.type === 'richtext' || hintText(item[field]).length > 80;
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
                      {hintText(item[field]).replace(/<[^>]+>/g, ' ')}
                    </span>
                  </div>
                  <div>
                    <label htmlFor={input.id}>
                      {label} ({name})
                    </label>
                    {long ? <textarea rows={4} {...input} /> : <input {...input} />}
                  </div>
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
