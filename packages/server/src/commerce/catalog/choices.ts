/**
 * A variant's choices as the Wix wire names them and as the catalog keeps them. The catalog keeps each option's
 * choice `value` ("M", "#1f3a5f"); Wix's catalog v1 names a variant's choices by their `description` ("Medium",
 * "Navy"), and that is what clients send back: minimal-examples adds to the cart with
 * `{options: {Colour: choices[0].description}}`, nextjs/commerce builds its option picker from `variant.choices`.
 * So the wire gets descriptions, and what a client sends is matched by description or by value.
 */
import type { ProductOption } from './types.js';

/** `{"Colour": "#1f3a5f"}` → `{"Colour": "Navy"}`. */
export function wireChoices(
  options: readonly ProductOption[],
  choices: Record<string, string>,
): Record<string, string> {
  const named: Record<string, string> = {};
  for (const option of options) {
    const value = choices[option.name];
    if (value === undefined) continue;
    named[option.name] = option.choices.find((c) => c.value === value)?.description || value;
  }
  return named;
}

/**
 * `{"Colour": "Navy"}` (or `{"Colour": "#1f3a5f"}`) → `{"Colour": "#1f3a5f"}`; undefined when a name is not an
 * option of the product or names none of its choices. With `partial`, options may be left out (a filter of
 * variants); without, every option must be named (a cart line).
 */
export function choicesFromWire(
  options: readonly ProductOption[],
  wire: Record<string, unknown>,
  { partial = false } = {},
): Record<string, string> | undefined {
  const stored: Record<string, string> = {};
  for (const [name, given] of Object.entries(wire)) {
    const option = options.find((o) => o.name === name);
    if (!option || typeof given !== 'string') return undefined;
    const choice = option.choices.find((c) => c.value === given) ?? option.choices.find((c) => c.description === given);
    if (!choice) return undefined;
    stored[name] = choice.value;
  }
  if (!partial && options.some((o) => stored[o.name] === undefined)) return undefined;
  return stored;
}
