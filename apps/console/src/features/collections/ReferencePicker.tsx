import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { pause } from '../../api/query.js';
import { cellText, queryItems, useCollection } from './api.js';
import { displayFieldOf } from './editor-fields.js';
import { useReferenceNames } from './reference-names.js';

/** Items of the referenced collection by their display field, optionally those containing `search`. */
function useChoices(siteId: string, collectionId: string, search: string) {
  const collection = useCollection(siteId, collectionId);
  const display = displayFieldOf(collection.data);
  const choices = useQuery({
    queryKey: ['collections', siteId, 'items', collectionId, 'choices', display, search.trim()],
    queryFn: async ({ signal }) => {
      await pause(200, signal);
      const filter = search.trim() ? { [display]: { $contains: search.trim() } } : {};
      const sort = display === '_id' ? [] : [{ fieldName: display, order: 'ASC' as const }];
      const page = await queryItems(siteId, collectionId, { filter, sort, limit: 100, offset: 0 }, signal);
      return page.items.map((i) => ({ id: String(i._id), name: cellText(i[display]) || String(i._id) }));
    },
    enabled: !collection.isPending,
  });
  return { choices: choices.data, error: (collection.error ?? choices.error)?.message };
}

/**
 * A reference field: a search over the referenced collection and a list of its items by their display field
 * (`title`, `name` or the first text field). The value stays the referenced item's id.
 */
export function ReferencePicker({
  siteId,
  collectionId,
  label,
  describedBy,
  value,
  onChange,
}: {
  siteId: string;
  collectionId: string;
  label: string;
  describedBy?: string | undefined;
  value: string;
  onChange: (id: string) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const { choices, error } = useChoices(siteId, collectionId, search);
  const known = choices?.some((c) => c.id === value);
  return (
    <div className="reference-picker">
      <label htmlFor={`${ids}-select`}>{label}</label>
      <div className="reference-picker__row">
        <input
          type="search"
          aria-label={`Search ${collectionId}`}
          placeholder={`Search ${collectionId}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          id={`${ids}-select`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-busy={!choices || undefined}
        >
          <option value="">— None —</option>
          {value && !known && <option value={value}>{value}</option>}
          {choices?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {error && <p className="help">{error}</p>}
    </div>
  );
}

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/**
 * A multi-reference field: the referenced items in order by their display field, each removable and movable up or
 * down, and a picker to add one. An id that names no item (deleted since) shows as the id, marked so.
 */
export function ReferenceList({
  siteId,
  collectionId,
  label,
  describedBy,
  value,
  onChange,
}: {
  siteId: string;
  collectionId: string;
  label: string;
  describedBy?: string | undefined;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const names = useReferenceNames(siteId, [{ collectionId, ids: value }]);
  const nameOf = (id: string) => names?.get(id) ?? (names ? `${id} (not found)` : id);
  return (
    <fieldset className="reference-list" aria-describedby={describedBy} aria-busy={!names || undefined}>
      <legend>{label}</legend>
      {value.length === 0 ? (
        <p className="help">None yet.</p>
      ) : (
        <ol>
          {value.map((id, index) => (
            <li key={id}>
              <span className="reference-list__name">{nameOf(id)}</span>
              <span className="reference-list__actions">
                {value.length > 1 && (
                  <>
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === 0}
                      onClick={() => onChange(moved(value, index, index - 1))}
                    >
                      Move {nameOf(id)} up
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === value.length - 1}
                      onClick={() => onChange(moved(value, index, index + 1))}
                    >
                      Move {nameOf(id)} down
                    </button>
                  </>
                )}
                <button type="button" className="secondary" onClick={() => onChange(value.filter((v) => v !== id))}>
                  Remove {nameOf(id)}
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <ReferencePicker
        siteId={siteId}
        collectionId={collectionId}
        label={`Add to ${label}`}
        value=""
        onChange={(id) => id && !value.includes(id) && onChange([...value, id])}
      />
    </fieldset>
  );
}
