import { describe, expect, it } from 'vitest';
import type { ProductOption } from '../../api/types.js';
import { emptyDraft, type VariantDraft } from './product-form.js';
import { gridFits, mergeGrid, renameInVariants } from './variant-grid.js';

const option = (name: string, values: string[]): ProductOption => ({
  name,
  optionType: 'drop_down',
  choices: values.map((value) => ({ value, description: value })),
});
const variant = (choices: Record<string, string>, price = '10.00'): VariantDraft => ({
  ...emptyDraft().variants[0]!,
  choices,
  price,
});

describe('the variant grid in the editor', () => {
  const options = [option('Size', ['S', 'M']), option('Colour', ['Red'])];

  it('knows when the variants no longer fit the options', () => {
    const grid = [variant({ Size: 'S', Colour: 'Red' }), variant({ Colour: 'Red', Size: 'M' })];
    expect(gridFits(options, grid)).toBe(true);
    expect(gridFits([option('Size', ['S', 'M', 'L']), options[1]!], grid)).toBe(false);
    expect(gridFits(options, [grid[0]!, grid[0]!])).toBe(false);
    expect(gridFits([], [variant({})])).toBe(true);
  });

  it('renames an option or a choice in the variants, and leaves them when choices are added', () => {
    const grid = [variant({ Size: 'S', Colour: 'Red' }), variant({ Size: 'M', Colour: 'Red' })];
    const renamed = [option('Taille', ['Small', 'M']), options[1]!];
    expect(renameInVariants(grid, options, renamed).map((v) => v.choices)).toEqual([
      { Taille: 'Small', Colour: 'Red' },
      { Taille: 'M', Colour: 'Red' },
    ]);
    const added = [option('Size', ['S', 'M', 'L']), options[1]!];
    expect(renameInVariants(grid, options, added).map((v) => v.choices)).toEqual(grid.map((v) => v.choices));
  });

  it("merges the server's grid with what was typed: kept combinations as typed, new ones from the base", () => {
    const typed = variant({ Size: 'S', Colour: 'Red' }, '12.5');
    const merged = mergeGrid(
      [
        { choices: { Colour: 'Red', Size: 'S' }, price: 1250 },
        { choices: { Size: 'M', Colour: 'Red' }, price: 900, stock: 0 },
      ],
      [typed],
      { compareAtPrice: '11', stock: '' },
      'EUR',
    );
    expect(merged[0]).toBe(typed);
    expect(merged[1]).toMatchObject({ price: '9.00', compareAtPrice: '11', stock: '', choices: { Size: 'M' } });
  });
});
