import { useId } from 'react';
import type { SettingField } from '../../api/types.js';
import { choiceLabel, labelOf } from './labels.js';
import { jsonHint, type JsonSchema } from './json-shape.js';
import { defaultInWords } from './setting-default.js';
import type { Control, Draft } from './setting-values.js';

type Schema = Record<string, unknown> & { items?: { enum?: string[] }; enum?: string[] };

/**
 * The page's one note for a role that may not change settings (SiteSettingsSection): every control is read
 * with it (aria-describedby) rather than repeating it under each.
 */
export const READ_ONLY_NOTE_ID = 'settings-read-only';

/** Why a control set in the config file cannot be used, said next to it (and read with it). */
function lockNote(field: SettingField): string | undefined {
  return field.locked ? `Set in the config file (${field.path}): change it there.` : undefined;
}

/**
 * Under a setting the console changed: what it is by default and, for an owner, a way back to it (as Shopify's
 * and Medusa's admins do). A setting at its default says nothing (review t5: "Default." under every field).
 */
function ChangedFromDefault({
  field,
  control,
  onRestore,
  restoring,
}: {
  field: SettingField;
  control: Control;
  onRestore: (() => void) | undefined;
  restoring: boolean;
}) {
  if (!field.byDefault) return null;
  return (
    <p className="help-block setting-default">
      <span>
        Changed here. Default: <strong>{defaultInWords(control, field.key, field.byDefault.value)}</strong>
      </span>
      {onRestore && (
        <button type="button" className="secondary" onClick={onRestore} disabled={restoring}>
          Use the default<span className="visually-hidden"> for {labelOf(field.key)}</span>
        </button>
      )}
    </p>
  );
}

/** One setting: its label, the control its schema calls for, and where its value comes from. */
export function SettingControl({
  field,
  control,
  draft,
  onDraft,
  canChange,
  onRestore,
  restoring = false,
}: {
  field: SettingField;
  control: Control;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  canChange: boolean;
  /** Sends the setting back to its default (the console's change removed); absent for a role that may not. */
  onRestore?: () => void;
  restoring?: boolean;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const schema = field.schema as Schema;
  const label = labelOf(field.key);
  const note = lockNote(field);
  const disabled = note !== undefined || !canChange;
  const hint = field.secret
    ? field.value
      ? 'Set (never shown). Type a new one to replace it.'
      : 'Not set.'
    : control === 'json'
      ? jsonHint(field.key, schema as JsonSchema)
      : undefined;
  const describedBy =
    [canChange ? '' : READ_ONLY_NOTE_ID, note || hint ? noteId : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, disabled, 'aria-describedby': describedBy };
  const changed = note ? null : (
    <ChangedFromDefault field={field} control={control} onRestore={onRestore} restoring={restoring} />
  );

  let input;
  if (control === 'flag')
    input = <input type="checkbox" {...common} checked={draft === true} onChange={(e) => onDraft(e.target.checked)} />;
  else if (control === 'choice')
    input = (
      <select {...common} value={String(draft)} onChange={(e) => onDraft(e.target.value)}>
        {draft === '' && <option value="">Default</option>}
        {(schema.enum ?? []).map((v) => (
          <option key={v} value={v}>
            {choiceLabel(field.key, v)}
          </option>
        ))}
      </select>
    );
  else if (control === 'choices') {
    const chosen = draft as string[];
    return (
      <fieldset className="setting" aria-describedby={describedBy} disabled={disabled}>
        <legend>{label}</legend>
        {(schema.items?.enum ?? []).map((v) => (
          <label key={v} className="inline">
            <input
              type="checkbox"
              checked={chosen.includes(v)}
              onChange={(e) => onDraft(e.target.checked ? [...chosen, v] : chosen.filter((c) => c !== v))}
            />{' '}
            {choiceLabel(field.key, v)}
          </label>
        ))}
        {note && (
          <p id={noteId} className="help-block">
            {note}
          </p>
        )}
        {changed}
      </fieldset>
    );
  } else if (control === 'lines' || control === 'json')
    input = (
      <textarea
        {...common}
        rows={control === 'json' ? 6 : 3}
        value={String(draft)}
        onChange={(e) => onDraft(e.target.value)}
      />
    );
  else
    input = (
      <input
        {...common}
        type={control === 'secret' ? 'password' : 'text'}
        inputMode={control === 'number' ? 'numeric' : undefined}
        autoComplete={control === 'secret' ? 'new-password' : 'off'}
        value={String(draft)}
        onChange={(e) => onDraft(e.target.value)}
      />
    );

  return (
    <div className={control === 'flag' ? 'setting setting-flag' : 'setting'}>
      <label htmlFor={id}>{label}</label>
      {input}
      {(note || hint) && (
        <p id={noteId} className="help-block">
          {note ?? hint}
        </p>
      )}
      {changed}
    </div>
  );
}
