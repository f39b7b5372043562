/**
 * A redirect session's `preferences` (docs/wire-format.md §4.5). `additionalQueryParameters` ride on `fullUrl`,
 * as Wix adds them (UTM tags and the like; `lang` also chooses the hosted pages' language, redirect-sessions.ts).
 * The three flags have one meaning here, whatever their value, since Vitrine has one set of pages, always keeps
 * the visitor's identity across a sign-in and serves only live sites; a flag that is not a boolean is refused,
 * like a parameter that is not a string.
 */
import { fieldViolation, ValidationError, type FieldViolation } from '../errors/wire.js';

export const PREFERENCE_FLAGS = ['useGenericWixPages', 'maintainIdentity', 'checkIfPublish'] as const;
/** Keys of the address the server writes itself: a parameter of the same name is left out. */
const RESERVED = new Set(['redirectSessionId', 'lang']);
const MAX_PARAMETERS = 20;
const MAX_KEY = 100;
const MAX_VALUE = 1000;

const obj = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The extra query parameters for `fullUrl`, in the order given; a violation for each value it cannot carry. */
export function preferenceParameters(preferences: unknown): Record<string, string> {
  const prefs = obj(preferences);
  if (!prefs) return {};
  const violations: FieldViolation[] = [];
  for (const flag of PREFERENCE_FLAGS)
    if (prefs[flag] !== undefined && prefs[flag] !== null && typeof prefs[flag] !== 'boolean')
      violations.push(fieldViolation(`preferences.${flag}`, 'must be true or false', 'INVALID_TYPE'));
  const raw = prefs.additionalQueryParameters;
  const given = obj(raw);
  if (raw !== undefined && raw !== null && !given)
    violations.push(
      fieldViolation('preferences.additionalQueryParameters', 'must be an object of strings', 'INVALID_TYPE'),
    );
  const entries = Object.entries(given ?? {});
  if (entries.length > MAX_PARAMETERS)
    violations.push(
      fieldViolation(
        'preferences.additionalQueryParameters',
        `may hold at most ${MAX_PARAMETERS} parameters`,
        'MAX_ITEMS',
      ),
    );
  const out: Record<string, string> = {};
  for (const [key, value] of entries.slice(0, MAX_PARAMETERS)) {
    const field = `preferences.additionalQueryParameters.${key.slice(0, MAX_KEY)}`;
    if (typeof value !== 'string') violations.push(fieldViolation(field, 'must be a string', 'INVALID_TYPE'));
    else if (key.length > MAX_KEY || value.length > MAX_VALUE)
      violations.push(
        fieldViolation(field, `names at most ${MAX_KEY} and holds at most ${MAX_VALUE} characters`, 'MAX_LENGTH'),
      );
    else if (!RESERVED.has(key) && key !== '') out[key] = value;
  }
  if (violations.length) throw new ValidationError(violations);
  return out;
}
