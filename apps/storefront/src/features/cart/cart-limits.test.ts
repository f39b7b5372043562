import { describe, expect, it } from 'vitest';
import { cartFull, lineMax, roomFor } from './cart-limits.js';

const limits = { maxUnitsPerProduct: 3, maxUnitsPerOrder: 5, maxLinesPerOrder: 2 };
const line = (productId: string, quantity: number, variantId = 'v0') => ({
  id: `l-${productId}-${variantId}`,
  quantity,
  catalogReference: { catalogItemId: productId, options: { variantId } },
});

describe("the site's caps on a cart", () => {
  it('leaves room up to the line cap, then the order cap, and names the cap met', () => {
    expect(roomFor([], 'a', limits)).toEqual({ room: 3 });
    expect(roomFor([line('a', 2)], 'a', limits)).toEqual({ room: 1 });
    expect(roomFor([line('a', 3)], 'a', limits)).toEqual({ room: 0, reached: 'product', max: 3 });
    expect(roomFor([line('a', 3), line('b', 1)], 'b', limits)).toEqual({ room: 1 });
    expect(roomFor([line('a', 3), line('b', 2)], 'b', limits)).toEqual({ room: 0, reached: 'units', max: 5 });
  });

  it('counts each variant of a product as a line of its own, as the server does', () => {
    expect(roomFor([line('a', 3, 'small')], 'a', limits, 'large')).toEqual({ room: 2 });
    expect(roomFor([line('a', 3, 'small')], 'a', limits, 'small')).toEqual({ room: 0, reached: 'product', max: 3 });
    expect(roomFor([line('a', 1, 'small'), line('a', 1, 'medium')], 'a', limits, 'large')).toEqual({
      room: 0,
      reached: 'lines',
      max: 2,
    });
  });

  it('refuses a new line once the cart holds as many lines as an order may', () => {
    expect(roomFor([line('a', 1), line('b', 1)], 'c', limits)).toEqual({ room: 0, reached: 'lines', max: 2 });
    expect(cartFull([line('a', 1), line('b', 1)], limits)).toEqual({ reached: 'lines', max: 2 });
    expect(cartFull([line('a', 3), line('b', 2)], limits)).toEqual({ reached: 'units', max: 5 });
    expect(cartFull([line('a', 1)], limits)).toBeUndefined();
  });

  it("gives a line's largest quantity within both caps", () => {
    expect(lineMax([line('a', 1)], line('a', 1), limits)).toBe(3);
    expect(lineMax([line('a', 2), line('b', 3)], line('b', 3), limits)).toBe(3);
    expect(lineMax([line('a', 3), line('b', 1)], line('b', 1), limits)).toBe(2);
  });
});
