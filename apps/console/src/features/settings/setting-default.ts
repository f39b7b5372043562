/**
 * What a changed setting is by default, in words (review t5: every field said "Default." whether or not it had
 * been changed). Shown only under a setting the console changed, beside "Use the default".
 */
import { choiceLabel } from './labels.js';
import type { Control } from './setting-values.js';

const LONGEST = 80;

/** `value` as the owner would read it in the setting's control; `unset` for a setting off by default. */
export function defaultInWords(control: Control, key: string, value: unknown): string {
  if (value === undefined || value === null) return 'not set';
  switch (control) {
    case 'flag':
      return value === true ? 'on' : 'off';
    case 'choice':
      return choiceLabel(key, String(value));
    case 'choices':
      return Array.isArray(value) && value.length ? value.map((v) => choiceLabel(key, String(v))).join(', ') : 'none';
    case 'lines':
      return Array.isArray(value) && value.length ? value.join(', ') : 'none';
    case 'json': {
      const text = JSON.stringify(value);
      return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
    }
    default:
      return String(value);
  }
}
