import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import type { Item } from './collections-api.js';
import { hintText, languageName, translationForm, translationValues } from './translation-form.js';
import { translationsApi, type Translations } from './translations-api.js';

/**
 * An item's translations (issue #18): pick one of the site's other languages, write its value of each
 * translatable field beside the default-language value, **Save translation** or **Remove translation**.
 * Its own form, after the item's: saving one never sends the other.
 */
export function TranslationsSection({
  siteId,
  collectionId,
  item,
  fields,
}: {
  siteId: string;
  collectionId: string;
  item: Item;
  fields: readonly string[];
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
          {fields.map((field) => (
            <div key={`${language}:${field}`}>
              <label>
                {field} ({name})
                <input
                  lang={language}
                  dir="auto"
                  value={form[field] ?? ''}
                  onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
                  aria-describedby={`${ids}-${field}`}
                />
              </label>
              <span id={`${ids}-${field}`} className="help">
                {languageName(defaultLanguage)}: <span lang={defaultLanguage}>{hintText(item[field])}</span>. Left
                empty, the {languageName(defaultLanguage)} value is shown.
              </span>
            </div>
          ))}
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
