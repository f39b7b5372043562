import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/client.js';
import type { CollectionInfo } from './api.js';
import { labelOf } from './editor-fields.js';
import { buildFilter, inputFor, OPERATOR_LABELS, operatorsFor, type FilterRow } from './filter-builder.js';

const emptyRow = (): FilterRow => ({ field: '', operator: '$contains', value: '' });

/**
 * Rows of field, operator and value (all must match), the field's type deciding the operators and the input; the
 * data API's JSON filter stays available behind **Advanced**. Calls `onApply` with the filter and its JSON text.
 */
export function FilterBuilder({
  info,
  onApply,
}: {
  info: CollectionInfo | undefined;
  onApply: (filter: { text: string; value: Record<string, unknown> }) => void;
}) {
  const ids = useId();
  const [rows, setRows] = useState<FilterRow[]>([emptyRow()]);
  const [json, setJson] = useState('');
  const [error, setError] = useState<string>();
  const fields = info?.fields ?? [];
  const typeOf = (key: string) => fields.find((f) => f.key === key)?.type;
  const update = (i: number, change: Partial<FilterRow>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...change } : row)));

  function apply(event: FormEvent) {
    event.preventDefault();
    try {
      const value = buildFilter(rows, fields);
      setError(undefined);
      onApply({ text: Object.keys(value).length ? JSON.stringify(value) : '', value });
    } catch (e) {
      setError(messageOf(e));
    }
  }

  function applyJson(event: FormEvent) {
    event.preventDefault();
    const text = json.trim();
    if (!text) return (setError(undefined), onApply({ text: '', value: {} }));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return setError(`The filter is not valid JSON (${messageOf(e)}). Example: {"price": {"$lt": 50}}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return setError('The filter must be a JSON object, e.g. {"price": {"$lt": 50}}');
    setError(undefined);
    onApply({ text, value: value as Record<string, unknown> });
  }

  return (
    <section className="filter-builder" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        Filter
      </h2>
      <form role="search" aria-label="Filter items" onSubmit={apply}>
        {rows.map((row, i) => {
          const type = typeOf(row.field);
          const kind = inputFor(type, row.operator);
          const n = i + 1;
          return (
            <div key={i} className="filter-row">
              <label>
                {i === 0 ? 'Where' : 'and'}
                <select
                  aria-label={`Field of condition ${n}`}
                  value={row.field}
                  onChange={(e) =>
                    update(i, { field: e.target.value, operator: operatorsFor(typeOf(e.target.value))[0]!, value: '' })
                  }
                >
                  <option value="">Choose a field</option>
                  {fields.map((f) => (
                    <option key={f.key} value={f.key}>
                      {labelOf(f)}
                    </option>
                  ))}
                </select>
              </label>
              <select
                aria-label={`Operator of condition ${n}`}
                value={row.operator}
                onChange={(e) => update(i, { operator: e.target.value as FilterRow['operator'] })}
              >
                {operatorsFor(type).map((op) => (
                  <option key={op} value={op}>
                    {OPERATOR_LABELS[op]}
                  </option>
                ))}
              </select>
              {kind === 'boolean' ? (
                <select
                  aria-label={`Value of condition ${n}`}
                  value={row.value}
                  onChange={(e) => update(i, { value: e.target.value })}
                >
                  <option value="true">yes</option>
                  <option value="false">no</option>
                </select>
              ) : kind !== 'none' ? (
                <input
                  aria-label={`Value of condition ${n}`}
                  type={kind === 'number' ? 'number' : kind === 'date' ? 'datetime-local' : 'text'}
                  step={kind === 'number' ? 'any' : undefined}
                  value={row.value}
                  onChange={(e) => update(i, { value: e.target.value })}
                />
              ) : null}
              {rows.length > 1 && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  Remove condition {n}
                </button>
              )}
            </div>
          );
        })}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setRows((all) => [...all, emptyRow()])}>
            Add condition
          </button>
          <button type="submit">Apply filter</button>
          <button
            type="button"
            className="secondary"
            onClick={() => (setRows([emptyRow()]), onApply({ text: '', value: {} }))}
          >
            Clear
          </button>
        </div>
      </form>
      <details className="advanced">
        <summary>Advanced (JSON filter)</summary>
        <form role="search" aria-label="Filter with JSON" onSubmit={applyJson}>
          <label>
            JSON filter
            <input
              value={json}
              onChange={(e) => setJson(e.target.value)}
              placeholder='{"price": {"$lt": 50}}'
              aria-describedby={`${ids}-json-help`}
              spellCheck={false}
            />
          </label>
          <button type="submit">Apply JSON filter</button>
          <p id={`${ids}-json-help`} className="help">
            The data API's query language: {'{"price": {"$lt": 50}}'}, {'{"category": {"$in": ["Mugs", "Lamps"]}}'},{' '}
            {'{"$or": [...]}'}.
          </p>
        </form>
      </details>
      {error && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </section>
  );
}
