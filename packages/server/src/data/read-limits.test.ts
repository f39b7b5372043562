import { describe, expect, it } from 'vitest';
import { dataReadLimits, DEFAULT_READ_LIMITS } from './read-limits.js';

describe('dataReadLimits', () => {
  it('takes a fractional estimate factor, whole numbers for the bound and the offset window', () => {
    expect(
      dataReadLimits({
        VITRINE_DATA_COUNT_ESTIMATE_FACTOR: '1.5',
        VITRINE_DATA_COUNT_LIMIT: '500',
        VITRINE_DATA_MAX_OFFSET: '2000',
      }),
    ).toEqual({ estimateFactor: 1.5, countLimit: 500, maxOffset: 2000 });
    expect(dataReadLimits({ VITRINE_DATA_COUNT_ESTIMATE_FACTOR: '0' }).estimateFactor).toBe(0);
  });

  it('falls back to the defaults on values it cannot use', () => {
    expect(
      dataReadLimits({
        VITRINE_DATA_COUNT_ESTIMATE_FACTOR: '-1',
        VITRINE_DATA_COUNT_LIMIT: '1.5',
        VITRINE_DATA_MAX_OFFSET: 'many',
      }),
    ).toEqual(DEFAULT_READ_LIMITS);
    expect(dataReadLimits({ VITRINE_DATA_COUNT_ESTIMATE_FACTOR: 'Infinity' }).estimateFactor).toBe(2);
  });
});
