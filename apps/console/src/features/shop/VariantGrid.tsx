import type { CSSProperties } from 'react';
import type { ProductOption } from '../../api/types.js';
import { choicesLabel, type VariantDraft } from './product-form.js';

type Field = 'sku' | 'price' | 'compareAtPrice' | 'stock' | 'weight';
const COLUMNS: { field: Field; header: string; inputMode: 'decimal' | 'numeric' | 'text' }[] = [
  { field: 'sku', header: 'SKU', inputMode: 'text' },
  { field: 'price', header: 'Price', inputMode: 'decimal' },
  { field: 'compareAtPrice', header: 'Compare-at price', inputMode: 'decimal' },
  { field: 'stock', header: 'Stock', inputMode: 'numeric' },
  { field: 'weight', header: 'Weight (kg)', inputMode: 'decimal' },
];

/**
 * The SKU column as wide as its longest SKU (within the 40 characters a SKU may have), so variants tell apart: SKUs
 * are set in a monospaced font, where a `ch` is exactly one character, plus the input's padding.
 */
const skuWidth = (variants: VariantDraft[]) =>
  `calc(${Math.min(40, Math.max(10, ...variants.map((v) => v.sku.length)))}ch + 1.6rem)`;

/**
 * The variants of a product with options, one row each: SKU (its column as wide as the longest), price, compare-at
 * price, stock (empty: not counted) and weight in kilograms, and whether it is sold. Each input is named by its variant ("Price of Blanket / Oat"), so a row
 * reads alone on a phone, where the rows are cards.
 */
export function VariantGrid({
  options,
  variants,
  currency,
  onChange,
}: {
  options: ProductOption[];
  variants: VariantDraft[];
  currency: string;
  onChange: (variants: VariantDraft[]) => void;
}) {
  const set = (i: number, patch: Partial<VariantDraft>) =>
    onChange(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const sku = skuWidth(variants);
  return (
    <div className="table-wrap">
      <table
        className="variant-grid"
        aria-describedby="variant-grid-help"
        style={{ '--variant-sku-width': sku } as CSSProperties}
      >
        <caption className="visually-hidden">Variants</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            {COLUMNS.map((c) => (
              <th key={c.field} scope="col">
                {c.field === 'price' || c.field === 'compareAtPrice' ? `${c.header} (${currency})` : c.header}
              </th>
            ))}
            <th scope="col">For sale</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const name = choicesLabel(v.choices, options);
            return (
              <tr key={v.id ?? JSON.stringify(v.choices)}>
                <th scope="row" data-label="Variant">
                  {name}
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.field} data-label={c.header}>
                    <input
                      aria-label={`${c.header} of ${name}`}
                      inputMode={c.inputMode}
                      value={v[c.field]}
                      maxLength={c.field === 'sku' ? 40 : 16}
                      required={c.field === 'price'}
                      spellCheck={false}
                      onChange={(e) => set(i, { [c.field]: e.target.value })}
                    />
                  </td>
                ))}
                <td data-label="For sale">
                  <input
                    type="checkbox"
                    aria-label={`${name} for sale`}
                    checked={v.visible}
                    onChange={(e) => set(i, { visible: e.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
