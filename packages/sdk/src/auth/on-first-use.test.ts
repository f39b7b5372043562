import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

const flows = (calls: string[]) => ({
  greet: async (name: string) => (calls.push(name), `hello ${name}`),
  add: async (a: number, b: number) => a + b,
});

describe('onFirstUse', () => {
  it('loads the flows once, on the first call of any of them, and passes the arguments through', async () => {
    let loads = 0;
    const calls: string[] = [];
    const lazy = onFirstUse(async () => (loads++, flows(calls)), { greet: true, add: true });
    expect(loads).toBe(0);
    const [greeting, sum] = await Promise.all([lazy.greet('Ana'), lazy.add(2, 3)]);
    expect([greeting, sum, await lazy.greet('Bo')]).toEqual(['hello Ana', 5, 'hello Bo']);
    expect(calls).toEqual(['Ana', 'Bo']);
    expect(loads).toBe(1);
  });

  it('only the methods named, and the type requires every method to be named', () => {
    // @ts-expect-error `greet` is left out: the type check refuses it (npm run typecheck).
    const lazy = onFirstUse(async () => flows([]), { add: true });
    expect(Object.keys(lazy)).toEqual(['add']);
  });

  it('a failed load (a dropped connection) rejects that call and is tried again on the next', async () => {
    let loads = 0;
    const lazy = onFirstUse(
      async () => {
        if (++loads == 1) throw new TypeError('Failed to fetch dynamically imported module');
        return flows([]);
      },
      { add: true, greet: true },
    );
    await expect(lazy.add(1, 1)).rejects.toThrow('Failed to fetch');
    expect(await lazy.add(1, 1)).toBe(2);
    expect(loads).toBe(2);
  });
});
