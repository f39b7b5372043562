import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDraft, type VariantDraft } from './product-form.js';
import { BuyerCell } from './ShopOrdersPage.js';
import { VariantGrid } from './VariantGrid.js';

afterEach(cleanup);

const option = { name: 'Size', optionType: 'drop_down', choices: [{ value: 'Throw', description: 'Throw' }] };
const variant = (sku: string, colour: string): VariantDraft => ({
  ...emptyDraft().variants[0]!,
  choices: { Size: 'Throw', Colour: colour },
  sku,
});

describe('the variant grid', () => {
  it('makes the SKU column as wide as the longest SKU and names the weight’s unit', () => {
    const variants = [variant('WOOL-THROW-THROW-D9CCB4', 'Oat'), variant('WOOL-THROW-THROW-3D3D3D', 'Charcoal')];
    const { container } = render(
      <VariantGrid options={[option] as never} variants={variants} currency="EUR" onChange={() => {}} />,
    );
    const table = container.querySelector('table')!;
    expect(table.style.getPropertyValue('--variant-sku-width')).toBe('calc(23ch + 1.6rem)');
    expect(screen.getByRole('columnheader', { name: 'Weight (kg)' })).toBeTruthy();
    expect(container.querySelector('td[data-label="Weight (kg)"]')).toBeTruthy();
  });
});

describe('the orders list', () => {
  it('keeps a guest buyer’s email and "(guest)" in one element, so a phone’s card puts both beside "Buyer"', () => {
    const { container } = render(
      <table>
        <tbody>
          <tr>
            <td data-label="Buyer">
              <BuyerCell email="guest@example.com" guest />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const cell = container.querySelector('td')!;
    expect(cell.children).toHaveLength(1);
    expect(cell.textContent).toBe('guest@example.com (guest)');
  });
});
