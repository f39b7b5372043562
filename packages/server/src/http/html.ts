/**
 * HTML that escapes by default (issue #23): the `html` tag escapes every interpolated value unless it
 * is itself `html` (a nested fragment); arrays of fragments join; `null`, `undefined` and `false`
 * render nothing, so `${cond && html`…`}` reads naturally. `unsafeRawHtml` is the one way to insert a
 * string as markup; every use says why it is safe.
 *
 * Our own module, not a library: the candidates on npm either escape into a different form
 * (escape-html-template-tag writes `&lt;`, `&#x2F;`, `&#x3D;`, so every URL in an href changes, and it
 * pulls in caniuse-lite at run time) or return plain strings and mark raw parts by syntax (`$${…}` in
 * html-template-tag, `!${…}` in ghtml), so a nested fragment is escaped twice unless each call site
 * remembers the marker. The pages, mails and their tests rely on the numeric entities (`&#60;`,
 * `&#34;` …) this server has always written; these forty lines keep them byte for byte.
 */

const SPECIAL = /[&<>"']/g;

/** Text for an element or a quoted attribute: `& < > " '` become numeric character references. */
export const escapeHtml = (text: string): string => text.replace(SPECIAL, (c) => `&#${c.charCodeAt(0)};`);

/** A piece of markup made by `html` (or `unsafeRawHtml`); nothing else can construct one. */
class SafeHtml {
  constructor(private readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}
export type { SafeHtml as Html };

/** What `html` takes: text (escaped), numbers, fragments, lists of them; null/undefined/false render nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tag: `html`<p>${text}</p>``. The literal parts are markup as written; only the values are escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/**
 * A string inserted as markup, unescaped. Only for text that is not HTML text but already in its own
 * safe form (an inline script built from constants and `scriptJson`) or markup escaped elsewhere.
 */
export const unsafeRawHtml = (markup: string): SafeHtml => new SafeHtml(markup);

/** Fragments joined with a separator (itself a fragment or escaped text). */
export const joinHtml = (parts: readonly HtmlValue[], separator: HtmlValue): SafeHtml =>
  new SafeHtml(parts.map(render).join(render(separator)));
