import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { SettingField } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useChangeSettings } from './api.js';
import { labelOf } from './labels.js';
import { SettingControl } from './SettingControl.js';
import type { JsonSchema } from './json-shape.js';
import { changesOf, controlOf, toDraft, type Control, type Draft } from './setting-values.js';

/**
 * A form over some settings (a section, or one entry of a list): a control per key, Save sends the keys
 * that changed. The server checks them as it checks the config file and answers the new settings.
 */
export function SettingsForm({
  siteId,
  title,
  titleLevel = 3,
  fields,
  canChange,
  onSaved,
  mapChanges,
  submitLabel = 'Save',
  description,
  children,
}: {
  siteId: string;
  title: string;
  titleLevel?: 3 | 4;
  fields: SettingField[];
  canChange: boolean;
  /** After a save (the page's settings are the answer's already). */
  onSaved?: () => void;
  /** The changes as sent (a new list entry's keys become the entry), or a sentence saying what is missing. */
  mapChanges?: (changes: Record<string, unknown>) => Record<string, unknown> | string;
  submitLabel?: string;
  /** A sentence under the heading, for what the fields alone do not say. */
  description?: string | undefined;
  children?: ReactNode;
}) {
  const headingId = useId();
  const controls = fields.map((f) => ({ field: f, control: controlOf(f.schema, f.secret) }));
  const initial = Object.fromEntries(controls.map(({ field, control }) => [field.key, toDraft(control, field.value)]));
  const [drafts, setDrafts] = useState<Record<string, Draft>>(initial);
  const change = useChangeSettings(siteId);
  // What the form itself says before sending (a value it cannot read, nothing changed).
  const [note, setNote] = useState<{ error?: string; saved?: string }>();
  const error = note?.error ?? change.error?.message;
  const saved = note?.saved ?? (change.isSuccess ? 'Saved: in force on every instance within seconds.' : undefined);
  const editable = canChange && fields.some((f) => !f.locked);

  function save(event: FormEvent) {
    event.preventDefault();
    change.reset();
    setNote(undefined);
    const read = changesOf(
      controls.map(({ field, control }) => ({
        key: field.key,
        control,
        initial: initial[field.key]!,
        draft: drafts[field.key]!,
        schema: field.schema as JsonSchema,
      })),
    );
    if ('error' in read) return setNote({ error: `${labelOf(read.key)} ${read.error}` });
    if (!Object.keys(read.changes).length) return setNote({ saved: 'Nothing changed.' });
    const changes = mapChanges ? mapChanges(read.changes) : read.changes;
    if (typeof changes === 'string') return setNote({ error: changes });
    change.mutate(changes, {
      onSuccess: () => {
        // A secret, once saved, leaves the page: its field is empty again ("Set (never shown)").
        setDrafts((d) => ({
          ...d,
          ...Object.fromEntries(controls.filter((c) => c.control === 'secret').map((c) => [c.field.key, ''])),
        }));
        onSaved?.();
      },
    });
  }

  // "Use the default": the console's change of that one key removed (null), at once; its control shows the default.
  function restore(field: SettingField, control: Control) {
    change.reset();
    setNote(undefined);
    change.mutate(
      { [field.key]: null },
      {
        onSuccess: () => {
          setDrafts((d) => ({ ...d, [field.key]: toDraft(control, field.byDefault?.value) }));
          setNote({
            saved: `${labelOf(field.key)} is back to its default: in force on every instance within seconds.`,
          });
        },
      },
    );
  }

  const Heading = titleLevel === 3 ? 'h3' : 'h4';
  return (
    <form className="settings-form" aria-labelledby={headingId} onSubmit={save} noValidate>
      <Heading id={headingId}>{title}</Heading>
      {description && <p className="help-block">{description}</p>}
      {controls.map(({ field, control }) => (
        <SettingControl
          key={field.key}
          field={field}
          control={control}
          draft={drafts[field.key]!}
          onDraft={(draft) => setDrafts((d) => ({ ...d, [field.key]: draft }))}
          canChange={canChange}
          onRestore={canChange && !field.locked ? () => restore(field, control) : undefined}
          restoring={change.isPending}
        />
      ))}
      {editable && (
        <div className="actions">
          <button type="submit">{submitLabel}</button>
          {children}
        </div>
      )}
      <Notice error={error} success={saved} />
    </form>
  );
}
