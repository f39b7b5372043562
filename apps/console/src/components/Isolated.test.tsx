import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addressParts } from '../features/shop/order-lines.js';
import { Isolated } from './Isolated.js';

afterEach(cleanup);

describe('Isolated', () => {
  it('puts each part of an Arabic address in its own <bdi>, in reading order, the separators outside', () => {
    const parts = addressParts({
      name: 'ليلى حسن',
      addressLine: '١٢ شارع النيل',
      postalCode: '75011',
      city: 'Paris',
      country: 'FR',
    });
    const { container } = render(
      <p>
        <Isolated parts={parts} />
      </p>,
    );
    const isolated = [...container.querySelectorAll('p > bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(['ليلى حسن', '١٢ شارع النيل', '75011 Paris', 'FR']);
    expect(container.textContent).toBe('ليلى حسن, ١٢ شارع النيل, 75011 Paris, FR');
  });
});
