/**
 * Requests of the route fuzz (src/security/fuzz.integration.test.ts), built from a route's own request schema
 * (the one Fastify validates and `/openapi.json` shows): a plausible request, then mutated in its path
 * parameters, query string, body or headers. One seed and one route give the same requests again.
 */
import { hashString, hostileValue, hugeString, mutate, seededRandom, toJson, type Rand } from './fuzz-values.js';

type Schema = Record<string, unknown>;

export interface FuzzRoute {
  method: string;
  url: string;
  schema: Schema;
}

/** What the server under test holds: real ids for path parameters, realistic values by field name, callers. */
export interface FuzzWorld {
  /** Path parameter or field name → real values (ids of the member, the webhook, the factor…). */
  ids: Record<string, string[]>;
  /** Field name → a realistic value for it. */
  hints: Record<string, (r: Rand) => unknown>;
  /** Caller name → the headers it sends. */
  callers: Record<string, () => Record<string, string>>;
}

export interface FuzzRequest {
  route: string;
  caller: string;
  /** What was done to it, for the failure report. */
  mutation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const ODD_SEGMENTS = [
  '%00',
  'a%00b',
  '%0A',
  '%E5%95%86%E5%93%81',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%ZZ',
  '%',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1e400',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '%20',
  '%27%20OR%201%3D1--',
  '00000000-0000-0000-0000-000000000000',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '{"a":01}',
  '{"a":NaN}',
  '[1,]',
  '\u0000',
  '{"a":"\\u12"}',
];

const DESTRUCTIVE = /sign-out|logout|end-sessions|revoke|block|delete|remove|rotate|disable|reset|unlock/i;

/** Routes that end a caller's session or take away what other requests use run after all the others. */
export function isDestructive(route: FuzzRoute): boolean {
  return route.method === 'DELETE' || DESTRUCTIVE.test(route.url);
}

/** A plausible value for a schema: the field's realistic value, an example, or one made from its type. */
export function plausible(world: FuzzWorld, r: Rand, schema: Schema | undefined, key = '', depth = 0): unknown {
  const hint = world.hints[key];
  if (hint && r.chance(0.85)) return hint(r);
  if (world.ids[key]?.length && r.chance(0.85)) return r.pick(world.ids[key]!);
  if (!schema || depth > 6) return 'x';
  const examples = schema.examples as unknown[] | undefined;
  if (examples?.length && r.chance(0.7)) return structuredClone(r.pick(examples));
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return r.pick(schema.enum);
  const union = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (union?.length) return plausible(world, r, r.pick(union), key, depth + 1);
  const type = Array.isArray(schema.type) ? r.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(properties))
        if (required.has(name) || world.hints[name] || world.ids[name] || r.chance(0.5))
          out[name] = plausible(world, r, sub, name, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + r.int(2) }, () => plausible(world, r, schema.items as Schema, key, depth + 1));
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'x'.repeat(Math.max(1, Math.min(8, Number(schema.minLength ?? 1))));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function pathFor(world: FuzzWorld, r: Rand, url: string, notes: string[], odd: boolean): string {
  return url
    .split('/')
    .map((segment, i, all) => {
      if (segment === '*') {
        if (!odd) return r.pick(world.ids['*'] ?? ['x']);
        const tail = r.pick(['', 'x', 'assets/%2e%2e/%2e%2e/etc/passwd', '..%5c..%5cwin.ini', 'a/%00', '%ED%A0%80']);
        notes.push(`*=${tail}`);
        return tail;
      }
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const real = world.ids[`${all[i - 1]}/:${name}`] ?? world.ids[name] ?? world.ids.id ?? [];
      if (!odd || (real.length && r.chance(0.2))) return percentEncode(real.length ? r.pick(real) : 'x');
      const value = r.chance(0.15) ? 'a'.repeat(r.pick([101, 3_000])) : r.pick(ODD_SEGMENTS);
      notes.push(`:${name} odd`);
      return value;
    })
    .join('/');
}

/** encodeURIComponent that writes a lone surrogate as its three (invalid UTF-8) bytes instead of throwing. */
export function percentEncode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function queryFor(world: FuzzWorld, r: Rand, schema: Schema | undefined, notes: string[], odd: boolean): string {
  const base = (schema ? plausible(world, r, schema) : {}) as Record<string, unknown>;
  const pairs: [string, string][] = Object.entries(base && typeof base === 'object' ? base : {}).map(([k, v]) => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
  let encoded = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  if (odd) {
    notes.push('odd query');
    const key = pairs.length && r.chance(0.7) ? r.pick(pairs)[0] : r.pick(['x', '__proto__', 'a[b]', 'siteId']);
    const value = hostileValue(r);
    const text = typeof value === 'string' ? value : toJson(value);
    const forms = [
      `${percentEncode(key)}=${percentEncode(text.slice(0, 1_500))}`,
      `${percentEncode(key)}=1&${percentEncode(key)}=2`,
      `${percentEncode(key)}[]=1`,
      `${percentEncode(key)}`,
      `${percentEncode(key)}=%ZZ%E0%A4%A`,
      `${percentEncode(key)}=%00`,
      `${percentEncode(key)}=${r.pick(['-1', '2147483648', '1e400', 'NaN', '', '99999999999999999999'])}`,
    ];
    encoded = encoded.filter((p) => !p.startsWith(`${percentEncode(key)}=`)).concat(r.pick(forms));
  }
  return encoded.length ? `?${encoded.join('&')}` : '';
}

function bodyFor(
  world: FuzzWorld,
  r: Rand,
  schema: Schema | undefined,
  notes: string[],
  odd: boolean,
): { body?: string; type?: string } {
  const base = plausible(world, r, schema);
  if (!odd) return { body: toJson(base), type: 'application/json' };
  const json = 'application/json';
  const made = (note: string, out: { body?: string; type?: string }) => {
    notes.push(note);
    return out;
  };
  const roll = r.int(20);
  if (roll < 9) return made('mutated body', { body: toJson(mutate(r, base)), type: json });
  if (roll < 11) return made('plausible body', { body: toJson(base), type: json });
  if (roll === 11) return made('no body', {});
  if (roll === 12) return made('empty JSON body', { body: '', type: json });
  if (roll === 13) return made('malformed JSON', { body: r.pick(MALFORMED_JSON), type: json });
  if (roll === 14) {
    notes.push('body of another shape');
    return { body: r.pick(['null', '[]', '"x"', '1', 'true', `[${toJson(base)}]`]), type: json };
  }
  if (roll === 15) {
    const n = r.pick([1_000, 10_000, 100_000]);
    notes.push(`nested ${n} deep`);
    return {
      body: r.chance(0.5) ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n),
      type: json,
    };
  }
  if (roll === 16 && base && typeof base === 'object' && !Array.isArray(base)) {
    const keys = Object.keys(base);
    const key = keys.length ? r.pick(keys) : 'x';
    const size = r.pick([70_000, 1_000_000, 3_500_000]);
    notes.push(`${key}: ${size} characters`);
    return { body: toJson({ ...base, [key]: hugeString(r, size) }), type: json };
  }
  if (roll === 17) {
    notes.push('duplicate keys');
    const text = toJson(base);
    return { body: text.startsWith('{') ? `{"siteId":[],"id":{},${text.slice(1)}` : text, type: json };
  }
  if (roll === 18) {
    const type = r.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
    ]);
    notes.push(`content-type ${type}`);
    return { body: r.chance(0.5) ? toJson(base) : 'a=b&%00=1&__proto__[x]=1', type };
  }
  return made('mutated body', { body: toJson(mutate(r, base)), type: json });
}

const ODD_HEADERS: [string, string][] = [
  ['accept-language', "ar;q=abc, ../../x, *;q=0, '<script>"],
  ['accept-language', 'x'.repeat(5_000)],
  ['x-vitrine-site-id', '__proto__'],
  ['x-vitrine-site-id', '%00'],
  ['cookie', 'vitrine_owner=%00; vitrine_csrf=x; vitrine_sso=a.b.c'],
  ['authorization', 'Bearer '],
  ['authorization', 'a,b,c,d'],
  ['x-wix-consistent', 'maybe'],
  ['origin', 'null'],
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `count` requests for one route, the callers taken in turn (so each caller meets each route). Each request
 * is plausible but for one part (path parameters, query string, body or a header), so that what is odd
 * reaches the code behind the parts that are not; some are plausible throughout.
 */
export function requestsFor(world: FuzzWorld, route: FuzzRoute, seed: number, count: number): FuzzRequest[] {
  const key = `${route.method} ${route.url}`;
  const r = seededRandom(hashString(key, seed));
  const callers = Object.keys(world.callers);
  const offset = hashString(key) % callers.length;
  const hasBody = BODY_METHODS.has(route.method) && (!!route.schema.body || route.method !== 'DELETE');
  const parts = [
    'none',
    ...(/[:*]/.test(route.url) ? ['path', 'path'] : []),
    'query',
    ...(hasBody ? ['body', 'body', 'body', 'body'] : ['query']),
    'header',
  ];
  return Array.from({ length: count }, (_, i) => {
    const notes: string[] = [];
    const caller = callers[(offset + i) % callers.length]!;
    const headers = { ...world.callers[caller]!() };
    const odd = r.pick(parts);
    const path =
      pathFor(world, r, route.url, notes, odd === 'path') +
      queryFor(world, r, route.schema.querystring as Schema, notes, odd === 'query');
    let body: string | undefined;
    if (hasBody) {
      const made = bodyFor(world, r, route.schema.body as Schema | undefined, notes, odd === 'body');
      body = made.body;
      if (made.type) headers['content-type'] = made.type;
    }
    if (odd === 'header') {
      const [name, value] = r.pick(ODD_HEADERS);
      headers[name] = name === 'cookie' && headers.cookie ? `${headers.cookie}; ${value}` : value;
      notes.push(`odd ${name}`);
    }
    return { route: key, caller, mutation: notes.join(', '), method: route.method, path, headers, body };
  });
}
