import { describe, expect, it } from 'vitest';
import type { ApplicationError } from '../errors/wire.js';
import { formatOrderNumber, priceOrder, quantitiesOf, type ProductRow } from './pricing.js';

const product = (id: string, price: unknown, stock?: unknown): ProductRow => ({
  id,
  title: id.toUpperCase(),
  slug: id,
  price,
  image: undefined,
  stock,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as ApplicationError).code;
  }
  return 'no error';
};

describe('quantitiesOf', () => {
  it('adds up lines of the same product', () => {
    const q = quantitiesOf([
      { id: '1', productId: 'mug', quantity: 2 },
      { id: '2', productId: 'pen', quantity: 1 },
      { id: '3', productId: 'mug', quantity: 3 },
    ]);
    expect([...q]).toEqual([
      ['mug', 5],
      ['pen', 1],
    ]);
  });

  it('refuses an empty cart and malformed lines', () => {
    expect(codeOf(() => quantitiesOf([]))).toBe('CART_EMPTY');
    expect(codeOf(() => quantitiesOf([{ id: '1', productId: 'mug', quantity: 0 }]))).toBe('INVALID_CART');
    expect(codeOf(() => quantitiesOf([{ id: '1', productId: 'mug', quantity: 1.5 }]))).toBe('INVALID_CART');
    expect(codeOf(() => quantitiesOf([{ id: '1', productId: 'mug', quantity: '2' }]))).toBe('INVALID_CART');
    expect(codeOf(() => quantitiesOf([{ id: '1', productId: 7, quantity: 1 }]))).toBe('INVALID_CART');
    expect(
      codeOf(() =>
        quantitiesOf([
          { id: '1', productId: 'mug', quantity: 60 },
          { id: '2', productId: 'mug', quantity: 40 },
        ]),
      ),
    ).toBe('INVALID_CART');
  });

  it('applies a site’s caps and names the one a cart goes over (audit V5-4)', () => {
    const caps = { maxUnitsPerProduct: 3, maxUnitsPerOrder: 5, maxLinesPerOrder: 2 };
    const dataOf = (cart: { productId: string; quantity: number }[]) => {
      try {
        quantitiesOf(
          cart.map((l, i) => ({ id: String(i), ...l })),
          caps,
        );
      } catch (e) {
        return (e as ApplicationError).data;
      }
      return undefined;
    };
    expect(
      dataOf([
        { productId: 'a', quantity: 2 },
        { productId: 'a', quantity: 2 },
      ]),
    ).toEqual({
      limit: 'maxUnitsPerProduct',
      max: 3,
      productId: 'a',
    });
    expect(
      dataOf([
        { productId: 'a', quantity: 3 },
        { productId: 'b', quantity: 3 },
      ]),
    ).toEqual({
      limit: 'maxUnitsPerOrder',
      max: 5,
    });
    expect(
      dataOf([
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 1 },
        { productId: 'c', quantity: 1 },
      ]),
    ).toEqual({ limit: 'maxLinesPerOrder', max: 2 });
    expect(
      dataOf([
        { productId: 'a', quantity: 3 },
        { productId: 'b', quantity: 2 },
      ]),
    ).toBeUndefined();
  });
});

describe('priceOrder', () => {
  it('prices in cents from the catalog, whatever the floating point', () => {
    const priced = priceOrder(
      new Map([
        ['a', 3],
        ['b', 1],
      ]),
      new Map([
        ['a', product('a', 0.1, 10)],
        ['b', product('b', 0.2)],
      ]),
    );
    expect(priced.lines.map((l) => [l.productId, l.unitPrice, l.quantity, l.lineTotal])).toEqual([
      ['a', 0.1, 3, 0.3],
      ['b', 0.2, 1, 0.2],
    ]);
    expect(priced.total).toBe(0.5);
    expect(priced.itemCount).toBe(4);
    // Only products with a stock count are decremented.
    expect([...priced.decrements]).toEqual([['a', 3]]);
  });

  it('refuses missing products, bad prices and short stock', () => {
    const one = new Map([['a', 2]]);
    expect(codeOf(() => priceOrder(one, new Map()))).toBe('PRODUCT_UNAVAILABLE');
    expect(codeOf(() => priceOrder(one, new Map([['a', product('a', '12')]])))).toBe('PRODUCT_UNAVAILABLE');
    expect(codeOf(() => priceOrder(one, new Map([['a', product('a', -1)]])))).toBe('PRODUCT_UNAVAILABLE');
    expect(codeOf(() => priceOrder(one, new Map([['a', product('a', 5, 1)]])))).toBe('OUT_OF_STOCK');
    expect(codeOf(() => priceOrder(one, new Map([['a', product('a', 5, 2)]])))).toBe('no error');
  });

  it('numbers orders for people', () => {
    expect(formatOrderNumber(1)).toBe('V-100001');
  });
});
