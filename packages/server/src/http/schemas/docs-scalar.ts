/**
 * What the /docs page needs so that Scalar runs under a CSP without 'unsafe-inline' styles (issue #26,
 * S-21). Scalar's main stylesheet takes the page's nonce (`<meta property="csp-nonce">`); three smaller
 * <style> elements it injects do not, so their SHA-256 hashes are allowed (with the empty one it also
 * inserts). Its code blocks carry a `style="--line-count: N; --line-digits: D;"` attribute that differs
 * per example, which no hash list can cover: the served bundle writes `data-line-digits` instead, and
 * /docs/scalar-fixes.css maps that to the one variable its stylesheet reads. Two more spots (a scrollbar
 * probe that sets a style attribute, zod's eval probe) are rewritten to do the same without a refusal.
 *
 * Tied to the installed @scalar/api-reference: after an upgrade, tests/e2e/api-docs.test.ts lists any
 * refused style with the hash Chromium computed for it. When the code-block pattern is not found the
 * bundle is served as it is (the same test then fails on the refused attributes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const SCALAR_STYLE_HASHES = [
  // "We need to be explicit to avoid !important" (the reference's resets)
  'sha256-DLlkYCuDYGe6ME23YkUFB7Tc36rGDeo4mVBFbZX3uaU=',
  // "@layer scalar-theme { /* basic theme */ …"
  'sha256-rO+6k1mDRASa9Q8IQu9I3bF+bjRdxDreAZCyGSaxzeI=',
  // sonner's toaster styles
  'sha256-ZW1GSuo0pKyEx5Ar7ZC5Dflb/mjatjeTW9aVx0iZAzE=',
  // an empty <style>
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
] as const;

/**
 * Exact rewrites of the bundle, each keeping what the code does without a refused inline style or eval:
 * [what the bundle says, what is served, why].
 */
const REWRITES: readonly (readonly [string, string, string])[] = [
  [
    'e.properties.style=[`--line-count: ${t};`,`--line-digits: ${t.toString().length};`]',
    'e.properties.dataLineDigits=t.toString().length',
    'code blocks: a per-example style attribute becomes data for scalar-fixes.css',
  ],
  [
    'e.setAttribute(`style`,`width:30px;height:30px;overflow-y:scroll;`)',
    'e.style.cssText=`width:30px;height:30px;overflow-y:scroll;`',
    'the scrollbar probe: through the CSSOM, which CSP does not govern',
  ],
  ['t.setAttribute(`style`,`width:100%;height:40px`)', 't.style.cssText=`width:100%;height:40px`', 'the same probe'],
  [
    'try{return Function(``),!0}catch{return!1}',
    'return!1',
    "zod's probe for eval, which the CSP refuses (and reports) anyway",
  ],
];

let bundle: string | undefined;

/** Scalar's standalone browser build, read once, with the rewrites above. */
export function scalarBundle(): string {
  // The package exports no path to its browser build; it sits beside its entry point (dist/index.js).
  bundle ??= REWRITES.reduce(
    (text, [from, to]) => text.replace(from, to),
    readFileSync(join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js'), 'utf8'),
  );
  return bundle;
}

/** The widths of the line-number gutter, as the inline style gave them (a code block of up to 10^8 lines). */
export const SCALAR_FIXES_CSS = Array.from(
  { length: 8 },
  (_, i) => `.hljs[data-line-digits="${i + 1}"]{--line-digits:${i + 1}}`,
).join('\n');
