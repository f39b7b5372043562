import { describe, expect, it } from 'vitest';
import { referencedIds } from './reference-names.js';

describe('referencedIds', () => {
  it('reads an id, a list of ids and referenced items, and nothing from an empty value', () => {
    expect(referencedIds('brass-pen')).toEqual(['brass-pen']);
    expect(referencedIds(['a', 'b'])).toEqual(['a', 'b']);
    expect(referencedIds([{ _id: 'a', title: 'A' }, 'b'])).toEqual(['a', 'b']);
    expect(referencedIds(undefined)).toEqual([]);
    expect(referencedIds('')).toEqual([]);
  });

  it('answers undefined for anything else, so the value stays JSON text', () => {
    expect(referencedIds([1, 2])).toBeUndefined();
    expect(referencedIds({ title: 'no id' })).toBeUndefined();
  });
});
