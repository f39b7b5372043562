/**
 * Secrets inside settings (schema keys marked `x-secret`: client secrets, the reCAPTCHA secret, a phone
 * webhook's secret) are write-only: an answer shows `{set: true}`, the database holds them sealed with
 * VITRINE_KEY_ENCRYPTION_KEY (AES-256-GCM, bound to the site and key), and a change may say `{set: true}`
 * for "keep the one there is". Walks a value along its schema, so a secret nested in an object is found too.
 */
import { isSealed, seal, unseal } from '../security/index.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** What an answer shows in place of a secret. */
export const SECRET_SET = Object.freeze({ set: true });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isSetMarker = (value: unknown) => isPlainObject(value) && value.set === true && Object.keys(value).length === 1;

/** `value` with every secret replaced by `replace(secret, current)`; `current` is the same place in another value. */
function mapSecrets(
  schema: Schema | undefined,
  value: unknown,
  replace: (secret: unknown, current: unknown) => unknown,
  current?: unknown,
): unknown {
  if (!schema || value === undefined) return value;
  if (schema['x-secret'] === true) return replace(value, current);
  if (Array.isArray(value) && schema.items) {
    const currents = Array.isArray(current) ? current : [];
    return value.map((v, i) => mapSecrets(schema.items, v, replace, currents[i]));
  }
  if (isPlainObject(value) && schema.properties) {
    const out: Record<string, unknown> = { ...value };
    const cur = isPlainObject(current) ? current : {};
    for (const [key, sub] of Object.entries(schema.properties))
      if (key in out) out[key] = mapSecrets(sub, out[key], replace, cur[key]);
    return out;
  }
  return value;
}

export function hasSecret(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema['x-secret'] === true) return true;
  return hasSecret(schema.items) || Object.values(schema.properties ?? {}).some(hasSecret);
}

/** For an answer: every secret shown as `{set: true}`. */
export function maskSecrets(schema: Schema | undefined, value: unknown): unknown {
  return mapSecrets(schema, value, () => SECRET_SET);
}

/** A change's `{set: true}` means the secret there is now (`current`, plain). */
export function keepSecrets(schema: Schema | undefined, value: unknown, current: unknown): unknown {
  return mapSecrets(schema, value, (secret, now) => (isSetMarker(secret) ? now : secret), current);
}

/** For the database: secrets sealed under the key-encryption key (kept as they are without one, as TOTP secrets are). */
export function sealSecrets(schema: Schema | undefined, value: unknown, key: Buffer | undefined, context: string) {
  return mapSecrets(schema, value, (secret) =>
    key && typeof secret === 'string' ? { $sealed: seal(key, secret, context) } : secret,
  );
}

/** From the database: sealed secrets opened again. */
export function openSecrets(schema: Schema | undefined, value: unknown, key: Buffer | undefined, context: string) {
  return mapSecrets(schema, value, (secret) => {
    const envelope = isPlainObject(secret) ? secret.$sealed : undefined;
    if (!isSealed(envelope)) return secret;
    if (!key) throw new Error('a site setting is sealed but VITRINE_KEY_ENCRYPTION_KEY is not set');
    return unseal(key, envelope, context).toString('utf8');
  });
}

/** An audit entry's words for a value: secrets as `set`/`unset`, the rest as JSON. */
export function auditText(schema: Schema | undefined, value: unknown): string {
  if (value === undefined) return 'unset';
  if (schema?.['x-secret'] === true) return 'set';
  return JSON.stringify(maskSecrets(schema, value)).replaceAll('{"set":true}', '"set"').slice(0, 500);
}
