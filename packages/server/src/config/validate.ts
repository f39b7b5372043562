/**
 * Reads the config file with clear messages: every error names the key path and what is allowed, e.g.
 * `sites[0].policies.captcha must be one of "off", "altcha", "recaptcha" (got "maybe")`. Whether a value
 * fits is decided by TypeBox schemas, the library the HTTP routes are declared with (issue #12); this
 * class only words the answer and supplies defaults.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

const PlainObject = Type.Object({}, { additionalProperties: true });
const NonEmptyString = Type.String({ minLength: 1 });
const Bool = Type.Boolean();
const List = Type.Array(Type.Unknown());
const fits = <T extends TSchema>(schema: T, value: unknown): value is Static<T> => Value.Check(schema, value);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Obj = Record<string, unknown>;

/** Collects problems while reading an untrusted object; `problems` is empty when all was well. */
export class Reader {
  readonly problems: string[] = [];

  private show(value: unknown): string {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
  }

  fail(path: string, message: string): void {
    this.problems.push(`${path} ${message}`);
  }

  object(value: unknown, path: string): Obj | undefined {
    if (value === undefined) return undefined;
    if (!fits(PlainObject, value) || Array.isArray(value)) {
      this.fail(path, `must be an object (got ${this.show(value)})`);
      return undefined;
    }
    return value as Obj;
  }

  /** Reports keys the schema does not know: a typo must not be silently ignored. */
  knownKeys(obj: Obj | undefined, path: string, keys: readonly string[]): void {
    if (!obj) return;
    for (const key of Object.keys(obj)) {
      if (!keys.includes(key))
        this.fail(`${path}.${key}`.replace(/^\./, ''), `is not a known key (allowed: ${keys.join(', ')})`);
    }
  }

  string(value: unknown, path: string, fallback?: string, pattern?: { re: RegExp; hint: string }): string {
    if (value === undefined && fallback !== undefined) return fallback;
    if (!fits(NonEmptyString, value)) {
      this.fail(path, `must be a non-empty string (got ${this.show(value)})`);
      return fallback ?? '';
    }
    if (pattern && !pattern.re.test(value)) this.fail(path, `must be ${pattern.hint} (got ${this.show(value)})`);
    return value;
  }

  optionalString(value: unknown, path: string): string | undefined {
    return value === undefined ? undefined : this.string(value, path);
  }

  boolean(value: unknown, path: string, fallback: boolean): boolean {
    if (value === undefined) return fallback;
    if (!fits(Bool, value)) {
      this.fail(path, `must be true or false (got ${this.show(value)})`);
      return fallback;
    }
    return value;
  }

  integer(value: unknown, path: string, fallback: number, min: number, max: number): number {
    if (value === undefined) return fallback;
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (!fits(Type.Integer({ minimum: min, maximum: max }), n)) {
      this.fail(path, `must be a whole number from ${min} to ${max} (got ${this.show(value)})`);
      return fallback;
    }
    return n;
  }

  oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[], fallback: T): T {
    if (value === undefined) return fallback;
    if (!fits(Type.Union(allowed.map((a) => Type.Literal(a))), value)) {
      this.fail(path, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')} (got ${this.show(value)})`);
      return fallback;
    }
    return value as T;
  }

  array(value: unknown, path: string): unknown[] {
    if (value === undefined) return [];
    if (!fits(List, value)) {
      this.fail(path, `must be an array (got ${this.show(value)})`);
      return [];
    }
    return value;
  }

  url(value: unknown, path: string, fallback?: string): string {
    const text = this.string(value, path, fallback);
    if (!text) return text;
    try {
      const parsed = new URL(text);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        this.fail(path, `must be an http(s) URL (got ${this.show(text)})`);
    } catch {
      this.fail(path, `must be an absolute URL such as "https://shop.example" (got ${this.show(text)})`);
    }
    return text;
  }
}

/**
 * Lenient reads for building the config once the schema has spoken (config/schema/): a value of the
 * wrong shape was already reported, so these fall back without a second message.
 */
export const take = {
  object: (value: unknown): Obj =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {},
  list: (value: unknown): unknown[] => (Array.isArray(value) ? value : []),
  string: <T extends string | undefined>(value: unknown, fallback: T): string | T =>
    typeof value === 'string' && value !== '' ? value : fallback,
  boolean: (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback),
  integer: (value: unknown, fallback: number): number => (Number.isInteger(value) ? (value as number) : fallback),
  oneOf: <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback,
};
