import { useLingui } from '@lingui/react';
import { useId } from 'react';
import type { Product } from '../catalog/product-types.js';
import { choiceAvailable, type Selection } from './variant-choice.js';

/**
 * One radio group per option (Size, Colour): native radios, so arrow keys move within a group and screen readers
 * say "Colour, Sage, 2 of 3". A choice with nothing in stock (given the other choices) is off and says so in words.
 */
export function VariantPicker({
  product,
  selection,
  onPick,
}: {
  product: Product;
  selection: Selection;
  onPick(option: string, choice: string): void;
}) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <div className="variant-picker">
      {product.options.map((option, o) => (
        <fieldset key={option.name} className="variant-picker__option">
          <legend>
            <bdi>{option.name}</bdi>
            {selection[option.name] !== undefined && (
              <>
                : <bdi className="variant-picker__chosen">{selection[option.name]}</bdi>
              </>
            )}
          </legend>
          <div className="variant-picker__choices">
            {option.choices
              .filter((c) => c.visible)
              .map((choice) => {
                const available = choiceAvailable(product, selection, option.name, choice.description);
                const inputId = `${id}-${o}-${choice.value}`;
                return (
                  <label
                    key={choice.value}
                    htmlFor={inputId}
                    className={`variant-choice${available ? '' : ' variant-choice--sold-out'}`}
                  >
                    <input
                      id={inputId}
                      type="radio"
                      name={`${id}-${o}`}
                      value={choice.description}
                      checked={selection[option.name] === choice.description}
                      disabled={!available}
                      onChange={() => onPick(option.name, choice.description)}
                    />
                    {option.optionType == 'color' && (
                      <span
                        className="variant-choice__swatch"
                        style={{ background: choice.value }}
                        aria-hidden="true"
                      />
                    )}
                    <span>
                      <bdi>{choice.description}</bdi>
                      {!available && (
                        <>
                          {' '}
                          <span className="variant-choice__note">{_('product.choiceSoldOut')}</span>
                        </>
                      )}
                    </span>
                  </label>
                );
              })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
