import { useId } from 'react';
import type { SettingField } from '../../api/types.js';
import { choiceLabel, labelOf } from './labels.js';
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

/** One setting: its label, the control its schema calls for, and where its value comes from. */
export function SettingControl({
  field,
  control,
  draft,
  onDraft,
  canChange,
}: {
  field: SettingField;
  control: Control;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  canChange: boolean;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const schema = field.schema as Schema;
  const label = labelOf(field.key);
  const note = lockNote(field);
  const disabled = note !== undefined || !canChange;
  const describedBy =
    [canChange ? '' : READ_ONLY_NOTE_ID, note || field.secret ? noteId : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, disabled, 'aria-describedby': describedBy };
  const hint = field.secret
    ? field.value
      ? 'Set (never shown). Type a new one to replace it.'
      : 'Not set.'
    : field.source === 'default'
      ? 'Default.'
      : undefined;

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
      </fieldset>
    );
  } else if (control === 'lines' || control === 'json')
    input = (
      <textarea
        {...common}
        rows={control === 'json' ? 4 : 3}
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
    </div>
  );
}
