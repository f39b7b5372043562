/**
 * Building blocks of every route schema (issue #12). One library, TypeBox: its schemas are plain JSON
 * Schema, so Fastify's own Ajv validates requests, fast-json-stringify serialises responses and
 * @fastify/swagger describes them — types, validation and documentation from one source.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { text, type TextPolicy } from './text-policy.js';

/**
 * A response object whose unlisted keys still reach the wire. fast-json-stringify drops keys a schema
 * does not list; responses here are open by default so a schema can never strip what a client reads.
 */
export const Open = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: true, ...options });

/** Any JSON object, serialised as is (data items' `data`, identity profiles, pass-through documents). */
export const AnyObject = (description?: string) =>
  Type.Object({}, { additionalProperties: true, ...(description ? { description } : {}) });

/** A request body: an object; unknown keys are kept (the reference clients send more than we read). */
export const Body = <P extends TProperties>(
  properties: P,
  options: { description?: string; examples?: unknown[] } = {},
) => Type.Object(properties, { additionalProperties: true, ...options });

/**
 * A request body that may be absent: the admin handlers read `siteId` (and the like) from the body or the
 * query string, so a request without a body, or with one that is not an object, must pass as it did before
 * its fields were declared. No `type: object` at the root (Ajv applies `properties` to objects only); the
 * fields are documented and typed for clients, and the handler checks them.
 */
export const OptionalBody = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Unsafe<Partial<Static<TObject<P>>> | undefined>({ properties, additionalProperties: true, ...options });

/**
 * How a failing keyword turns into a field violation when the default (`must be a string`, ruleName
 * `INVALID_VALUE`) is not what the route answered before the schemas: `x-violation` on the property.
 */
export const violation = (description: string, ruleName = 'INVALID_VALUE', data?: Record<string, unknown>) => ({
  'x-violation': { description, ruleName, ...(data ? { data } : {}) },
});

/**
 * A documented field the handler reads and checks itself (its checks are shared with the hosted pages).
 * Its characters follow `policy` (text-policy.ts; `line` unless said otherwise).
 */
export const Described = (description: string, policy?: TextPolicy) =>
  Type.Optional(Type.Unknown({ description, ...(policy ? text(policy) : {}) }));

/**
 * A documented response key serialised exactly as the handler gives it (no type to coerce to): for
 * shapes owned by other modules, where a wrong guess would turn a value into `""` or a 500.
 */
export const Key = (description: string) => Type.Optional(Type.Unknown({ description }));

/** A route schema: what it does, what it takes, what it answers. */
export const op = <
  R extends TSchema,
  Q extends { body?: TSchema; querystring?: TSchema; params?: TSchema; description?: string } = Record<never, never>,
>(
  summary: string,
  response: R,
  request: Q = {} as Q,
) => ({
  summary,
  ...request,
  response: { 200: response },
});

/**
 * For routes whose answers are mostly open data (data items): their response schema documents and is
 * validated by the tests, but JSON.stringify serialises — for a 20-item query page it took 24 µs where
 * fast-json-stringify over an open schema took 58 µs (it handles each unlisted key one by one).
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** `{}`: what an acknowledging route answers (the clients need a JSON object, docs/wire-format.md §1.4). */
export const Empty = Open({}, { description: 'An empty object' });

/** A value that may be `null` on the wire (JSON null, never dropped). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One of a fixed list of strings, documented as an `enum` (no `type`): fast-json-stringify writes the
 * value as JSON.stringify would, so a value the list misses still reaches the wire rather than a 500.
 */
export const OneOf = <const V extends readonly string[]>(values: V, options: { description?: string } = {}) =>
  Type.Unsafe<V[number]>({ enum: [...values], ...options });

/** An ISO-8601 timestamp string. */
export const Timestamp = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** The response schema of a route that answers HTML (hosted pages): documented, never serialised. */
export const Html = (description: string) => Type.String({ description, contentMediaType: 'text/html' });

export type { TSchema };
