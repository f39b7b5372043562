import { useState } from 'react';
import type { ProductOption } from '../../api/types.js';

const MAX_OPTIONS = 6;
/** Colours a new colour choice starts with, so two new choices never share a code (the server refuses that). */
const PALETTE = ['#1f2937', '#b91c1c', '#1d4ed8', '#15803d', '#a16207', '#7e22ce', '#be185d', '#0e7490'];

/** One option's choices: each named (a colour option also has its colour), added by typing and Enter or "Add". */
function ChoicesEditor({
  option,
  label,
  onChange,
}: {
  option: ProductOption;
  label: string;
  onChange: (o: ProductOption) => void;
}) {
  const [adding, setAdding] = useState('');
  const isColour = option.optionType === 'color';
  const add = () => {
    const name = adding.trim();
    if (!name || option.choices.some((c) => c.description === name)) return;
    const used = new Set(option.choices.map((c) => c.value));
    const colour =
      PALETTE.find((p) => !used.has(p)) ?? `#${(option.choices.length * 2654435761).toString(16).slice(-6)}`;
    onChange({ ...option, choices: [...option.choices, { value: isColour ? colour : name, description: name }] });
    setAdding('');
  };
  const setChoice = (i: number, patch: Partial<{ value: string; description: string }>) =>
    onChange({
      ...option,
      choices: option.choices.map((c, j) =>
        j !== i
          ? c
          : { ...c, ...patch, ...(!isColour && patch.description !== undefined ? { value: patch.description } : {}) },
      ),
    });
  return (
    <div className="choices">
      <ul className="choice-list">
        {option.choices.map((c, i) => (
          <li key={i}>
            <input
              aria-label={`Choice ${i + 1} of ${label}`}
              value={c.description}
              maxLength={100}
              onChange={(e) => setChoice(i, { description: e.target.value })}
            />
            {isColour && (
              <input
                type="color"
                aria-label={`Colour of ${c.description || `choice ${i + 1}`}`}
                value={/^#[0-9a-f]{6}$/i.test(c.value) ? c.value : '#000000'}
                onChange={(e) => setChoice(i, { value: e.target.value })}
              />
            )}
            <button
              type="button"
              className="secondary"
              aria-label={`Remove ${c.description || `choice ${i + 1}`} from ${label}`}
              onClick={() => onChange({ ...option, choices: option.choices.filter((_, j) => j !== i) })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="toolbar">
        <label>
          {`New choice for ${label}`}
          <input
            value={adding}
            maxLength={100}
            onChange={(e) => setAdding(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </label>
        <button type="button" className="secondary" onClick={add} aria-label={`Add choice to ${label}`}>
          Add choice
        </button>
      </div>
    </div>
  );
}

/**
 * A product's options (Size, Colour…) and their choices. Changing them does not touch the variants, except a
 * rename in place (the editor's renameInVariants): the owner generates the grid again when choices change.
 */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: ProductOption[];
  onChange: (options: ProductOption[]) => void;
}) {
  const set = (i: number, o: ProductOption) => onChange(options.map((p, j) => (j === i ? o : p)));
  return (
    <>
      {options.map((o, i) => {
        const label = o.name.trim() || `option ${i + 1}`;
        return (
          <fieldset key={i} className="option-editor">
            <legend>{`Option ${i + 1}: ${o.name.trim() || 'unnamed'}`}</legend>
            <div className="toolbar">
              <label>
                {`Name of option ${i + 1}`}
                <input
                  value={o.name}
                  maxLength={50}
                  required
                  onChange={(e) => set(i, { ...o, name: e.target.value })}
                />
              </label>
              <label>
                {`Kind of option ${i + 1}`}
                <select
                  value={o.optionType}
                  onChange={(e) => {
                    const colour = e.target.value === 'color';
                    set(i, {
                      ...o,
                      optionType: colour ? 'color' : 'drop_down',
                      choices: o.choices.map((c, j) => ({
                        ...c,
                        value: colour ? (PALETTE[j % PALETTE.length] ?? '#000000') : c.description,
                      })),
                    });
                  }}
                >
                  <option value="drop_down">A list of choices</option>
                  <option value="color">Colours</option>
                </select>
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(options.filter((_, j) => j !== i))}
                aria-label={`Remove option ${label}`}
              >
                Remove option
              </button>
            </div>
            <ChoicesEditor option={o} label={label} onChange={(next) => set(i, next)} />
          </fieldset>
        );
      })}
      {options.length < MAX_OPTIONS && (
        <button
          type="button"
          className="secondary"
          onClick={() => onChange([...options, { name: '', optionType: 'drop_down', choices: [] }])}
        >
          Add an option
        </button>
      )}
    </>
  );
}
