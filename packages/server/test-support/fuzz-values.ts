/**
 * The values of the route fuzz (src/security/fuzz.integration.test.ts): a seeded random source, hostile
 * values, and mutations of a plausible value. Everything here is a pure function of the random source, so one
 * seed gives the same requests again.
 */

/** A seeded random source (mulberry32: small and fast; the fuzz needs reproducibility, not secrecy). */
export interface Rand {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRandom(seed: number): Rand {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

/** A string hash (FNV-1a) to derive a route's own seed from the run's seed. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A JSON number token JavaScript cannot hold exactly (written as is into the body). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify with RawJson tokens; lone surrogates come out as `\udXXX` escapes, as JSON.stringify writes them. */
export function toJson(value: unknown): string {
  const raw: string[] = [];
  // Native JSON.stringify (deep values would overflow a recursive writer); each token goes in as a marker.
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `\u0000raw${raw.push(v.text) - 1}\u0000` : v,
  );
  return (text ?? 'null').replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raw[Number(i)]!);
}

const NUMBERS: unknown[] = [
  0,
  -1,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  new RawJson('9007199254740993'),
  new RawJson('9223372036854775807'),
  new RawJson('-9223372036854775809'),
  new RawJson('18446744073709551616'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1.5,
  -0,
];

const NUMBER_LIKE_STRINGS = [
  'NaN',
  '-1',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  ' 1',
  '',
  '-0',
  '00',
  '1.',
];

const ODD_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\u0001\u0007\u001b[31m',
  '\r\n\t',
  'line\nbreak',
  '\ud800',
  'a\udfffb',
  '\uffff\ufffe',
  '\u202e\u200b\u2028\u2029',
  '𝕍ïtrïnë 商品 مرحبا',
  '\u212Aelvin@example.com',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '"; drop table members; --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'null',
  'true',
  ' ',
];

/** A string that is about `bytes` bytes in a JSON body: sometimes multi-byte, or control characters (escaped). */
export function hugeString(r: Rand, bytes: number): string {
  const unit = r.pick(['a', 'é', '商', '😀', '\u0000', 'a\u0001']);
  return unit.repeat(Math.max(1, Math.floor(bytes / (Buffer.byteLength(JSON.stringify(unit)) - 2))));
}

/** Nested arrays or objects `depth` levels deep. */
export function deep(r: Rand, depth: number): unknown {
  // The leaf is sometimes a character storage refuses: checks that stop at some depth must not let it through.
  let value: unknown = r.pick(['leaf', 'a\u0000', '\ud800', 1]);
  const asArray = r.chance(0.5);
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** One hostile value: wrong type, edge number, odd text, huge, deep, or empty. */
export function hostileValue(r: Rand): unknown {
  switch (r.int(11)) {
    case 0:
      return r.pick(NUMBERS);
    case 1:
      return r.pick(NUMBER_LIKE_STRINGS);
    case 2:
    case 3:
      return r.pick(ODD_STRINGS);
    case 4:
      return hugeString(r, r.pick([300, 5_000, 70_000, 1_000_000]));
    case 5:
      return deep(r, r.pick([50, 70, 500, 2_000]));
    case 6:
      return r.pick([null, true, false, [], {}, [null], [[]], { '': '' }]);
    case 7:
      return r.pick([
        { __proto__: null, polluted: 1 },
        JSON.parse('{"__proto__":{"polluted":1}}'),
        { constructor: {} },
      ]);
    case 8:
      return Array.from({ length: r.pick([2, 100, 5_000]) }, () => r.pick(['x', 1, null, {}]));
    case 9:
      return `${r.pick(ODD_STRINGS)}${r.pick(NUMBER_LIKE_STRINGS)}`;
    default:
      return r.pick(NUMBERS);
  }
}

type Path = (string | number)[];

/** Paths to every node of a JSON value (the root is []). */
function nodes(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, [...path, i], out));
  else if (value && typeof value === 'object' && !(value instanceof RawJson))
    for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

function clone(value: unknown): unknown {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
}

/**
 * One to three changes to a copy of `value`: a node replaced by a hostile value or by its wrong shape (an
 * array for an object, a string for a number), a field removed, or an unknown or odd-named field added.
 */
export function mutate(r: Rand, value: unknown): unknown {
  let root = clone(value);
  for (let n = 1 + r.int(3); n > 0; n--) {
    const all = nodes(root);
    const path = r.pick(all);
    const parentPath = path.slice(0, -1);
    const key = path[path.length - 1];
    const parent = parentPath.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k as string], root) as
      Record<string, unknown> | unknown[] | undefined;
    const current = key === undefined ? root : (parent as Record<string, unknown>)[key as string];
    const kind = r.int(6);
    let replacement: unknown;
    if (kind === 0 && current && typeof current === 'object') replacement = Array.isArray(current) ? {} : [current];
    else if (kind === 1) replacement = typeof current === 'string' ? 1 : toJson(current);
    else if (kind === 2 && key !== undefined && parent && !Array.isArray(parent)) {
      delete parent[key as string];
      continue;
    } else if (kind === 3 && current && typeof current === 'object' && !Array.isArray(current)) {
      const name = r.pick(['extra', '__proto__', 'constructor', '', '\u0000', 'a'.repeat(300), '$where', '_id']);
      // defineProperty: an assignment to `__proto__` would change the prototype instead of adding the key.
      Object.defineProperty(current, name, {
        value: hostileValue(r),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    } else replacement = hostileValue(r);
    if (key === undefined) root = replacement;
    else (parent as Record<string, unknown>)[key as string] = replacement;
  }
  return root;
}
