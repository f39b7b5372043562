import { describe, expect, it } from 'vitest';
import { schemaKey, sharedCompilers } from './compilers.js';

// What Fastify hands the factories for an app without shared schemas (its defaults, as app.ts leaves them).
const validatorOf = () =>
  sharedCompilers.buildValidator!({}, { customOptions: {} } as never) as (route: object) => (data: unknown) => boolean;
const serializerOf = () => sharedCompilers.buildSerializer!({}, {}) as (route: object) => (data: unknown) => string;

// A route schema written inline in a route plugin: each app that registers the route makes a new object.
const inlineBody = () => ({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } });

describe('route schema compilers shared by the apps of a process', () => {
  it('compiles a schema once for every app that brings an equal one (inline schemas are new objects per app)', () => {
    const route = () => ({ schema: inlineBody(), method: 'POST', url: '/x', httpPart: 'body' });
    const first = validatorOf()(route());
    const second = validatorOf()(route());
    expect(second).toBe(first);
    expect(first({ email: 'a@b.c' })).toBe(true);
    expect(first({})).toBe(false);
  });

  it('compiles schemas that differ in content apart', () => {
    const loose = validatorOf()({ schema: { type: 'object' }, method: 'POST', url: '/y', httpPart: 'body' });
    const strict = validatorOf()({ schema: inlineBody(), method: 'POST', url: '/y', httpPart: 'body' });
    expect(loose).not.toBe(strict);
    expect(loose({})).toBe(true);
    expect(strict({})).toBe(false);
  });

  it('shares serializers the same way, per content', () => {
    const schema = () => ({ type: 'object', properties: { id: { type: 'string' } } });
    const route = () => ({ schema: schema(), method: 'GET', url: '/z', httpStatus: '200' });
    const first = serializerOf()(route());
    expect(serializerOf()(route())).toBe(first);
    expect(first({ id: 'a', secret: 'not sent' })).toBe('{"id":"a"}');
  });

  it('keys only schemas JSON spells in full: one holding a function, a RegExp or a Date matches by identity only', () => {
    expect(schemaKey({ type: 'string', minLength: 1 })).toBe('{"type":"string","minLength":1}');
    expect(schemaKey({ type: 'string', transform: () => 'x' })).toBeUndefined();
    expect(schemaKey({ type: 'string', regexp: /a/u })).toBeUndefined();
    // JSON would spell two different dates as two strings, but a Date is not what it spells.
    const dated = () => ({ type: 'object', properties: { at: { type: 'string', default: new Date(0) } } });
    expect(schemaKey(dated())).toBeUndefined();
    const build = validatorOf();
    const route = (schema: object) => ({ schema, method: 'POST', url: '/f', httpPart: 'body' });
    const schema = dated();
    expect(build(route(schema))).toBe(build(route(schema)));
    expect(build(route(dated()))).not.toBe(build(route(schema)));
  });
});
