import { describe, expect, it } from 'vitest';
import { checkDataReadEnv, dataReadLimits, DEFAULT_READ_LIMITS } from './read-limits.js';

describe('dataReadLimits', () => {
  it('takes a fractional estimate factor, whole numbers for the bound and the offset window', () => {
    expect(
      dataReadLimits({
        VITRINE_DATA_COUNT_ESTIMATE_FACTOR: '1.5',
        VITRINE_DATA_COUNT_LIMIT: '500',
        VITRINE_DATA_MAX_OFFSET: '2000',
        VITRINE_DATA_COUNT_TIME_LIMIT_MS: '0',
        VITRINE_DATA_QUERY_COST_LIMIT: '0',
        VITRINE_DATA_UNINDEXED_TIME_LIMIT_MS: '0',
        VITRINE_DATA_SEARCH_RANK_LIMIT: '250',
      }),
    ).toEqual({
      estimateFactor: 1.5,
      countLimit: 500,
      maxOffset: 2000,
      countTimeLimitMs: 0,
      queryCostLimit: 0,
      unindexedTimeLimitMs: 0,
      searchRankLimit: 250,
    });
    expect(dataReadLimits({}).unindexedTimeLimitMs).toBe(100);
    expect(dataReadLimits({}).searchRankLimit).toBe(1_000);
    expect(dataReadLimits({ VITRINE_DATA_SEARCH_RANK_LIMIT: '0' }).searchRankLimit).toBe(1_000);
    expect(dataReadLimits({}).countTimeLimitMs).toBe(10);
    expect(dataReadLimits({}).queryCostLimit).toBe(20_000);
    expect(dataReadLimits({ VITRINE_DATA_QUERY_COST_LIMIT: 'cheap' }).queryCostLimit).toBe(20_000);
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

describe('checkDataReadEnv', () => {
  const problems = (value: string | undefined) => {
    const found: string[] = [];
    checkDataReadEnv({ VITRINE_DATA_COUNT_TIME_LIMIT_MS: value }, (key, message) => found.push(`${key} ${message}`));
    return found;
  };

  it('refuses a count time limit that is not a whole number of ms up to a minute, naming the key', () => {
    for (const bad of ['fast', '-5', '2.5', '60001'])
      expect(problems(bad)).toEqual([
        `VITRINE_DATA_COUNT_TIME_LIMIT_MS must be a whole number of milliseconds from 0 to 60000 (got "${bad}")`,
      ]);
    for (const good of [undefined, '', '0', '50', '60000']) expect(problems(good)).toEqual([]);
  });
});
