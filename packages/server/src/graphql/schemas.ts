/** Schemas of the GraphQL endpoint (`/graphql/{apiVersion}`) and its development page. */
import { Type } from 'typebox';
import { AnyObject, Described, Open, op } from '../http/schemas/common.js';

// Every answer, errors included, is a GraphQL result; its `data` is whatever the query selected. The routes
// serialise it with JSON.stringify (plainJsonSerializer): open, data-heavy answers.
const GraphqlResult = Open({
  data: Type.Optional(Type.Unknown({ description: 'The selected data (null on errors before execution)' })),
  errors: Type.Optional(Type.Array(AnyObject('{message, path, extensions: {code, …}}'))),
});
const Version = Type.Object({ apiVersion: Type.String({ description: 'alpha or v1' }) });
const description =
  'Generic `items(collection, filter, sort, limit, offset, cursor)` and `item`, `me`, and per typed collection a type with `<collection>` pages and `<collection>ById`; ' +
  'insert, update and remove mutations. Depth ≤ 10, a per-site cost limit, at most 1000 items.';
const result = (summary: string, request: Parameters<typeof op>[2]) => ({
  ...op(summary, GraphqlResult, { ...request, description }),
  response: { 200: GraphqlResult, '4xx': GraphqlResult },
});

export const postOperation = result('Run a GraphQL operation', {
  params: Version,
  body: Type.Unsafe<Record<string, unknown>>({
    description: '{query, variables?, operationName?} or a persisted query extension',
    properties: {
      query: Described('The document', 'multiline'),
      variables: Described('Variables', 'any'),
      operationName: Described('Which operation'),
    },
    examples: [{ query: '{ items(collection: "Products", limit: 2) { items { id data } totalCount } }' }],
  }),
});
/** `POST /graphql`: the default version (`alpha`, as `client.graphql` defaults to) for tools given only `/graphql`. */
export const postDefaultOperation = result('Run a GraphQL operation on the default version (alpha)', {
  body: postOperation.body,
});
export const getOperation = result('Run a GraphQL query given in the query string', {
  params: Version,
  querystring: Type.Object(
    {
      query: Described('The document', 'multiline'),
      variables: Described('JSON', 'json'),
      operationName: Described('Which operation'),
    },
    { additionalProperties: true },
  ),
});
export const graphiqlPage = {
  summary: 'GraphiQL, the development query page (not in production)',
  produces: ['text/html'],
  response: { 200: Type.String({ description: 'HTML' }) },
};
export const graphiqlFiles = {
  summary: "GraphiQL's script and styles",
  produces: ['text/javascript', 'text/css'],
  params: Type.Object({ file: Type.String() }),
  response: { 200: Type.String() },
};
