import { lazy, Suspense } from 'react';
import { ImageField, type TypedAltTexts } from '../media/ImageField.js';
import type { FieldSpec } from './api.js';
import { labelOf } from './editor-fields.js';
import { JSON_TYPES } from './item-form.js';
import { referencedIds } from './reference-names.js';
import { ReferenceList, ReferencePicker } from './ReferencePicker.js';

// Tiptap loads with the first rich text field, not with the console.
const RichTextEditor = lazy(() => import('./RichTextEditor.js'));

// Dates stay text: a stored {"$date"} value would not fit a date picker and would be dropped on Save.
const INPUT_TYPE: Record<string, string> = { number: 'number' };

/** The ids of a multi-reference's JSON text, or undefined when the text is something else (edited as JSON then). */
function idsOf(text: string): string[] | undefined {
  if (!text.trim()) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? referencedIds(value) : undefined;
  } catch {
    return undefined;
  }
}

/** One declared field of the item form, its input chosen by its type; the label and help come from the config. */
export function FieldInput({
  siteId,
  field: f,
  value,
  languages,
  altTexts,
  onChange,
}: {
  siteId: string;
  field: FieldSpec;
  value: string | boolean;
  languages: readonly string[];
  altTexts: TypedAltTexts;
  onChange: (value: string | boolean) => void;
}) {
  const label = labelOf(f);
  const hintId = `type-${f.key}`;
  const text = String(value);
  // A labelled field speaks to owners (its help); an unlabelled one shows the developer's view (its type).
  const hint = (
    <span id={hintId} className="help">
      {f.label
        ? [f.help, f.required ? 'Required' : ''].filter(Boolean).join(' · ')
        : `${f.type}${JSON_TYPES.has(f.type) && f.type !== 'multireference' ? ' (JSON)' : ''}${f.required ? ', required' : ''}${
            f.collection ? ` → ${f.collection}` : ''
          }`}
    </span>
  );
  if (f.type === 'image')
    return (
      <ImageField
        siteId={siteId}
        label={label}
        help={f.help}
        value={text}
        languages={languages}
        altTexts={altTexts}
        onChange={onChange}
      />
    );
  if (f.type === 'boolean')
    return (
      <div>
        <label>
          <input
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={hintId}
          />{' '}
          {label}
        </label>
        {hint}
      </div>
    );
  if (f.type === 'reference' && f.collection)
    return (
      <div>
        <ReferencePicker
          siteId={siteId}
          collectionId={f.collection}
          label={label}
          describedBy={hintId}
          value={text}
          onChange={onChange}
        />
        {hint}
      </div>
    );
  const ids = f.type === 'multireference' && f.collection ? idsOf(text) : undefined;
  if (ids && f.collection)
    return (
      <div>
        <ReferenceList
          siteId={siteId}
          collectionId={f.collection}
          label={label}
          describedBy={hintId}
          value={ids}
          onChange={(next) => onChange(next.length ? JSON.stringify(next) : '')}
        />
        {hint}
      </div>
    );
  if (f.type === 'richtext')
    return (
      <div>
        <span className="field-label" id={`label-${f.key}`}>
          {label}
        </span>
        <Suspense fallback={<p role="status">Loading the editor…</p>}>
          <RichTextEditor label={label} describedBy={hintId} value={text} onChange={onChange} />
        </Suspense>
        {hint}
      </div>
    );
  return (
    <div>
      <label>
        {label}
        {JSON_TYPES.has(f.type) ? (
          <textarea
            rows={4}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={hintId}
            spellCheck={false}
          />
        ) : (
          <input
            type={INPUT_TYPE[f.type] ?? 'text'}
            step={f.type === 'number' ? 'any' : undefined}
            required={f.required}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={hintId}
          />
        )}
      </label>
      {hint}
    </div>
  );
}
