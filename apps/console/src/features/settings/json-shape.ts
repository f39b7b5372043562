/**
 * JSON settings (offline ways to pay, tax rates, Web Push keys…) read against their config schema before they are
 * sent: what shape the field takes, with an example, and the first mistake named by item, field and expected type
 * ("item 1 has no “instructions” (text)") rather than "is not valid JSON". The server still judges the value.
 */
export interface JsonSchema {
  type?: unknown;
  description?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: unknown;
}

const KINDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
};

/** Examples of the settings owners type most, in the shape the server takes. */
const EXAMPLES: Record<string, string> = {
  'shop.offlinePayments':
    '[{"id": "bank", "name": "Bank transfer", "instructions": "IBAN FR76 3000 6000 0112 3456 7890 189, your order number as the reference"}]',
  'shop.taxRates': '[{"country": "FR", "rate": 20, "name": "TVA"}, {"country": "DE", "rate": 19}]',
};

const kindOf = (schema: JsonSchema | undefined) =>
  typeof schema?.type === 'string' ? (KINDS[schema.type] ?? schema.type) : 'any value';

function fits(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return !!value && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

function got(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The shape in words, for the field's help: "A list; each item: id (text), name (text), rate (a number, optional)". */
export function jsonHint(key: string, schema: JsonSchema): string {
  const fieldsOf = (s: JsonSchema) =>
    Object.entries(s.properties ?? {})
      .map(([name, p]) => `${name} (${kindOf(p)}${s.required?.includes(name) ? '' : ', optional'})`)
      .join(', ');
  const shape =
    schema.type === 'array' && schema.items?.properties
      ? `A list; each item: ${fieldsOf(schema.items)}.`
      : schema.type === 'object' && schema.properties
        ? `An object: ${fieldsOf(schema)}.`
        : `JSON: ${kindOf(schema)}.`;
  return EXAMPLES[key] ? `${shape} Example: ${EXAMPLES[key]}` : shape;
}

/** The first place `value` departs from `schema`, in words; undefined when it fits as far as the console can tell. */
export function shapeProblem(schema: JsonSchema, value: unknown, where = ''): string | undefined {
  const subject = where || 'the value';
  if (!fits(schema.type, value)) return `${subject} must be ${kindOf(schema)}, got ${got(value)}`;
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      const problem = shapeProblem(schema.items, item, `${where ? `${where}, ` : ''}item ${i + 1}`);
      if (problem) return problem;
    }
  }
  if (schema.type === 'object' && value && typeof value === 'object' && schema.properties) {
    const object = value as Record<string, unknown>;
    const known = Object.keys(schema.properties);
    for (const name of schema.required ?? [])
      if (object[name] === undefined) return `${subject} has no “${name}” (${kindOf(schema.properties[name])})`;
    for (const [name, v] of Object.entries(object)) {
      const property = schema.properties[name];
      if (!property) {
        if (schema.additionalProperties === false)
          return `${subject} has “${name}”, which is not one of its fields: ${known.join(', ')}`;
        continue;
      }
      const problem = shapeProblem(property, v, `${subject}’s “${name}”`);
      if (problem) return problem;
    }
  }
  return undefined;
}
