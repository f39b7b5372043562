/** `POST /items/search` read as the item query it is (data/search-request.ts). */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/wire.js';
import { inSearchTerms, searchAsQuery } from './search-request.js';

describe('a Wix search request as a query', () => {
  it('puts the search details beside the filter, keeps sort, fields and paging, and asks for the total', () => {
    expect(
      searchAsQuery({
        dataCollectionId: 'Recipes',
        search: {
          search: { expression: 'garlic', mode: 'OR', fuzzy: null },
          filter: { minutes: { $lt: 60 } },
          sort: [{ fieldName: 'minutes', order: 'ASC' }],
          fields: ['name'],
          paging: { limit: 2, offset: 0 },
        },
        language: 'fr',
      }),
    ).toEqual({
      dataCollectionId: 'Recipes',
      language: 'fr',
      returnTotalCount: true,
      query: {
        filter: { $and: [{ $search: { expression: 'garlic', mode: 'OR' } }, { minutes: { $lt: 60 } }] },
        sort: [{ fieldName: 'minutes', order: 'ASC' }],
        fields: ['name'],
        paging: { limit: 2, offset: 0 },
      },
    });
  });

  it('without words is the filter alone; a next page by cursor does not count again', () => {
    expect(searchAsQuery({ dataCollectionId: 'R', search: { search: { expression: ' ' }, filter: { a: 1 } } })).toEqual(
      { dataCollectionId: 'R', returnTotalCount: true, query: { filter: { a: 1 } } },
    );
    expect(
      searchAsQuery({ dataCollectionId: 'R', search: { search: { expression: 'x' }, cursorPaging: { cursor: 'c' } } }),
    ).toEqual({
      dataCollectionId: 'R',
      query: { filter: { $search: { expression: 'x' } }, cursorPaging: { cursor: 'c' } },
    });
  });

  it('refuses a search that is no object, or words that are no string', () => {
    expect(() => searchAsQuery({ search: 'garlic' })).toThrow(ValidationError);
    expect(() => searchAsQuery({ search: { search: { expression: 7 } } })).toThrow(/search\.search\.expression/);
  });

  it("names the search request's paths in the query's refusals", () => {
    const error = inSearchTerms(
      new ValidationError([
        { field: 'query.filter.$and[0].$search.expression', description: 'too long', data: {} },
        { field: 'query.filter.$and[1].price', description: 'bad', data: {} },
        { field: 'query.paging.limit', description: 'too big', data: {} },
      ]),
    ) as ValidationError;
    expect(error.violations.map((v) => v.field)).toEqual([
      'search.search.expression',
      'search.filter.price',
      'search.paging.limit',
    ]);
    expect(error.message).toBe(
      'search.search.expression: too long; search.filter.price: bad; search.paging.limit: too big',
    );
    const other = new Error('x');
    expect(inSearchTerms(other)).toBe(other);
  });
});
