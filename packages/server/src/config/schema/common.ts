/**
 * Building blocks of the config-file schema. Besides JSON Schema, each carries the words of its message
 * (read by messages.ts): `x-hint` for a pattern, `x-too-few` for an empty list, `x-short` for a short
 * secret, `x-required` for a missing key, `x-secret` for a value the console never shows, `x-message` for any failure, `x-checked-in-code` where the
 * answer depends on more than the value (the reader in code words it), `x-operator-only` for a value only the
 * config file may hold (OPERATOR_ONLY below).
 */
import { Type, type TSchema } from 'typebox';
import Format from 'typebox/format';

/** Absolute http(s) URLs; what else a URL may be (https only, a bare origin) the readers say. */
Format.Set('http-url', (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol));

export const ID_HINT = 'letters, digits, "-" or "_" (at most 64)';
export const Id = () => Type.String({ minLength: 1, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$', 'x-hint': ID_HINT });
export const Text = (options: Record<string, unknown> = {}) => Type.String({ minLength: 1, ...options });
export const HttpUrl = (options: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, format: 'http-url', ...options });
export const Flag = () => Type.Boolean();
export const WholeNumber = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
export const Choice = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Enum([...values], options);
export const Secret = () =>
  Type.String({
    minLength: 24,
    'x-short': 'must be at least 24 characters (use a long random value)',
    'x-secret': true,
  });
/** A secret of any length: write-only in the console (settings/secrets.ts), sealed at rest. */
export const SecretText = () => Text({ 'x-secret': true });

/**
 * `x-operator-only`: a value that names something of the server (an environment variable, a file), says
 * where a secret is sent, or exists for tests. Only the server's operator sets it, in the config file; the
 * console's settings (settings/keys.ts) never list it and refuse it wherever it appears, also inside a
 * whole entry or group, so nothing a tenant sets can select a server secret or its destination (audit V5-1).
 */
export const OPERATOR_ONLY = { 'x-operator-only': true } as const;
/** The name of an environment variable of the server: the config file's alone (OPERATOR_ONLY). */
export const EnvName = (pattern = '^[A-Z_][A-Z0-9_]*$') =>
  Text({ pattern, 'x-hint': 'an environment variable name', ...OPERATOR_ONLY });

/** An object whose unknown keys are mistakes (a typo must not be silently ignored). */
export const Strict = <P extends Record<string, TSchema>>(properties: P, options: Record<string, unknown> = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

export const { Optional, Array: List } = Type;
