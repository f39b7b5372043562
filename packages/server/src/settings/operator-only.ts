/**
 * Tenant-set values never select a secret of the server, nor where a secret goes (audit V5-1). Three
 * guards, each on its own:
 *
 * - values: keys marked `x-operator-only` (config/schema/common.ts: environment variable and file names,
 *   secret destinations, test hooks) are the config file's alone. keys.ts leaves them out of the settings;
 *   here they are found inside a whole value the console sets (`identityProviders[corp]` = {…,
 *   clientSecretEnv}, `policies.recaptcha` = {secret, verifyUrl}), stripped from stored values and from
 *   the schemas the console is shown;
 * - destinations: where the base's own secret is sent (an identity provider's issuer and preset type, the
 *   phone sender) stays as the base has it;
 * - environment: the console's rebuild reads only the variables the file's own entry reads.
 */
import { readSite } from '../config-files/sites.js';
import { Reader } from '../config/validate.js';
import { isOperatorOnly } from './keys.js';

type Raw = Record<string, unknown>;
type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; required?: string[] };

const isPlainObject = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The path of the first operator-only key `value` (held at `path`) gives, or undefined. */
export function operatorOnlyIn(schema: Schema | undefined, value: unknown, path: string): string | undefined {
  if (!schema || value === undefined || value === null) return undefined;
  if (isOperatorOnly(schema)) return path;
  if (Array.isArray(value) && schema.items) {
    for (const [i, v] of value.entries()) {
      const found = operatorOnlyIn(schema.items, v, `${path}[${i}]`);
      if (found) return found;
    }
  }
  if (isPlainObject(value) && schema.properties) {
    for (const [key, v] of Object.entries(value)) {
      const found = operatorOnlyIn(schema.properties[key], v, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** `value` without its operator-only keys (a console row stored before they were refused; the file's, in a view). */
export function withoutOperatorOnly(schema: Schema | undefined, value: unknown): unknown {
  if (!schema || value === undefined || value === null) return value;
  if (Array.isArray(value) && schema.items) return value.map((v) => withoutOperatorOnly(schema.items, v));
  if (isPlainObject(value) && schema.properties) {
    const properties = schema.properties;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isOperatorOnly(properties[key]))
        .map(([key, v]) => [key, withoutOperatorOnly(properties[key], v)]),
    );
  }
  return value;
}

/** The schema the console builds its controls from: operator-only keys left out, at any depth. */
export function settableSchema(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (schema.items) out.items = settableSchema(schema.items);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, sub]) => !isOperatorOnly(sub))
        .map(([key, sub]) => [key, settableSchema(sub)]),
    );
    if (schema.required) out.required = schema.required.filter((k) => k in out.properties!);
  }
  return out;
}

const entriesOf = (value: unknown): Raw[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);

/**
 * The setting keys that decide where a secret of `base` (the config file's entry, or the site the server
 * started with) is sent, so the console cannot redirect it: an identity provider's issuer and type (a
 * preset's issuer) when the entry has a client secret, the phone sender when it is Twilio or has a
 * token (`apiBaseUrl` is operator-only already), and the mail relay when the base holds its password.
 */
export function secretDestinations(base: Raw): string[] {
  const keys: string[] = [];
  for (const entry of entriesOf(base.identityProviders)) {
    if (typeof entry.id === 'string' && (entry.clientSecret !== undefined || entry.clientSecretEnv !== undefined))
      keys.push(`identityProviders[${entry.id}].issuer`, `identityProviders[${entry.id}].type`);
  }
  const phone = isPlainObject(base.phone) ? base.phone : undefined;
  if (phone && (phone.provider === 'twilio' || phone.authToken !== undefined || phone.authTokenEnv !== undefined))
    keys.push('phone.provider', 'phone.accountSid');
  // The file's SMTP password goes to the file's relay: its host, port, security and user stay the file's.
  const mail = isPlainObject(base.mail) ? base.mail : undefined;
  if (mail?.smtpPassword !== undefined)
    keys.push('mail.smtpHost', 'mail.smtpPort', 'mail.smtpSecurity', 'mail.smtpUser');
  return keys;
}

/**
 * The environment the console's rebuild of a site may read: the variables the config file's own entry
 * reads (its `*Env` keys and their defaults, such as TWILIO_AUTH_TOKEN for a Twilio sender), as they were
 * at start, and nothing else. Recorded by reading the entry once, so it follows the readers without a
 * list kept here. The console cannot name a variable (operator-only keys are refused), and even a value
 * that slipped through, or a default a console value turns on (a Twilio sender the file does not have),
 * finds nothing. Without a config file there is nothing to read: the site the server started with is its
 * own base, secrets included (raw-site.ts).
 */
export function environmentOfFile(file: Raw | undefined, path: string, baseDir: string): Readonly<NodeJS.ProcessEnv> {
  const seen: NodeJS.ProcessEnv = {};
  if (!file) return Object.freeze(seen);
  const recording = new Proxy(process.env, {
    get(target, name) {
      const value = typeof name === 'string' ? target[name] : undefined;
      if (typeof name === 'string' && value !== undefined) seen[name] = value;
      return value;
    },
  });
  // Collections are not settings (the rebuild keeps the running ones): their seed files need no reading.
  readSite(new Reader(), { ...file, collections: undefined }, path, baseDir, recording);
  return Object.freeze(seen);
}
