import { ERRORS } from '../errors/catalogue.js';
import { ValidationError, type FieldViolation } from '../errors/wire.js';

/**
 * One spelling of an address for every comparison (audit S-8). `trim().toLowerCase()` let U+212A KELVIN SIGN
 * lower-case to `k`, so `\u212Aate@…` signed into `kate@…`. Addresses are now compared by one key built the
 * way RFC 8265 (PRECIS, UsernameCaseMapped) builds its comparison form: compatibility normalisation (NFKC:
 * fullwidth letters, ligatures such as `ﬀ`, `ſ` LONG S, the Kelvin and Ångström signs), Unicode lower case
 * (RFC 8265 §3.3.2 `toLowerCase`, so `ß` stays `ß`), and NFKC again for what lower-casing decomposed (`İ`
 * becomes `i` + U+0307, not `i`). Registration, sign-in, recovery, sign-on, SSO linking, owner accounts,
 * admin lookups and the login throttle all use `emailKey`.
 *
 * Normalising alone would make the confusion consistent, not go away: `\u212Aate@…` would still be `kate@…`.
 * So an address whose key is not simply the address typed with its ASCII letters lower-cased is refused
 * until the member sends the key itself (`emailNeedsConfirmation`): a person who meant it confirms by typing
 * what it will be read as, and nobody reaches another account with a look-alike.
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** The address as typed, with only its ASCII letters lower-cased: what plain case-insensitivity changes. */
const asciiLowered = (email: string) => email.trim().replace(/[A-Z]+/g, (s) => s.toLowerCase());

/**
 * The address the server would read `email` as, when that is more than a change of ASCII case; undefined
 * when `email` can be used as it is. The answer, sent back, never needs confirming again.
 */
export function emailNeedsConfirmation(email: string): string | undefined {
  const key = emailKey(email);
  return key === asciiLowered(email) ? undefined : key;
}

/**
 * The field violation for an address read as another one: it names the form it is read as, which the member
 * confirms by sending it. `data.type = EMAIL`, so the reference client's register() reports it as
 * `invalidEmail` with this description (docs/wire-format.md §8.3).
 */
export function confirmationViolation(email: string, field: string): FieldViolation | undefined {
  const normalizedEmail = emailNeedsConfirmation(email);
  if (!normalizedEmail) return undefined;
  return {
    field,
    description: `is read as ${normalizedEmail}; send that address to use it`,
    violatedRule: 'FORMAT',
    ruleName: ERRORS.EMAIL_NEEDS_CONFIRMATION.code,
    data: { type: 'EMAIL', normalizedEmail },
  };
}

/** Throws the violation above, for routes that check one address. */
export function requireConfirmedEmail(email: string, field: string): void {
  const violation = confirmationViolation(email, field);
  if (violation) throw new ValidationError([violation]);
}

/** A search term compared with keys (admin search): the same mapping, without the confirmation. */
export const searchKey = (text: string) => text.normalize('NFKC').toLowerCase().normalize('NFKC');
