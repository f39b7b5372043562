import { describe, expect, it } from 'vitest';
import { escapeHtml, html, joinHtml, unsafeRawHtml, type HtmlValue } from './html.js';

const HOSTILE = `<script>alert("x")</script> & 'y'`;
const ESCAPED = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;';

type Tag = (strings: TemplateStringsArray, ...values: HtmlValue[]) => { toString(): string };

/** The properties every template relies on, for any tag (so the check itself can be shown to fail). */
function checkEscapes(tag: Tag): void {
  expect(String(tag`<p>${HOSTILE}</p>`)).toBe(`<p>${ESCAPED}</p>`);
  expect(String(tag`<a href="${'/x?a=1&b="2"'}" title='${"it's"}'>${'t'}</a>`)).toBe(
    `<a href="/x?a=1&#38;b=&#34;2&#34;" title='it&#39;s'>t</a>`,
  );
  expect(String(tag`${'<'}${'>'}${'&'}`)).toBe('&#60;&#62;&#38;');
}

describe('html', () => {
  it('escapes every interpolation, first, middle and last, in text and in attributes', () => {
    checkEscapes(html);
    expect(String(html`${HOSTILE}<b>${HOSTILE}</b>${HOSTILE}`)).toBe(`${ESCAPED}<b>${ESCAPED}</b>${ESCAPED}`);
    expect(String(html`<input value="${'"><img src=x onerror=alert(1)>'}">`)).toBe(
      '<input value="&#34;&#62;&#60;img src=x onerror=alert(1)&#62;">',
    );
  });

  it('writes the same entities as before (&#60; &#62; &#38; &#34; &#39;), nothing else changes', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&#60;&#62;&#38;&#34;&#39;');
    expect(escapeHtml('https://shop.test/a/b?c=d#e é ✓')).toBe('https://shop.test/a/b?c=d#e é ✓');
    expect(String(html`<p>literal <b>markup</b> & "quotes" stay</p>`)).toBe(
      '<p>literal <b>markup</b> & "quotes" stay</p>',
    );
  });

  it('inserts nested html as it is, escaped once only', () => {
    const inner = html`<strong>${'a&b'}</strong>`;
    expect(String(html`<p>${inner}</p>`)).toBe('<p><strong>a&#38;b</strong></p>');
    expect(String(html`<div>${html`<p>${inner}</p>`}</div>`)).toBe('<div><p><strong>a&#38;b</strong></p></div>');
    // A fragment's text is not a fragment: as a string it is escaped like any other.
    expect(String(html`<p>${inner.toString()}</p>`)).toBe('<p>&#60;strong&#62;a&#38;#38;b&#60;/strong&#62;</p>');
  });

  it('joins arrays (of fragments and of text, escaped), nested arrays too', () => {
    const items = ['a<', 'b>'].map((x) => html`<li>${x}</li>`);
    expect(String(html`<ul>${items}</ul>`)).toBe('<ul><li>a&#60;</li><li>b&#62;</li></ul>');
    expect(String(html`${['<', html`<br>`, ['&', 1]]}`)).toBe('&#60;<br>&#38;1');
    expect(String(html`<ul>${[]}</ul>`)).toBe('<ul></ul>');
    expect(String(joinHtml([html`<a>`, '<b>'], html`<hr>`))).toBe('<a><hr>&#60;b&#62;');
    expect(String(joinHtml(['x', 'y'], '\n'))).toBe('x\ny');
  });

  it('renders null, undefined and false as nothing; numbers and true as text', () => {
    const no = false as boolean;
    expect(String(html`[${null}${undefined}${false}${no && html`<b>`}]`)).toBe('[]');
    expect(String(html`${0}|${42}|${true}|${''}`)).toBe('0|42|true|');
  });

  it('unsafeRawHtml is the one way to insert unescaped markup', () => {
    expect(String(html`<script>${unsafeRawHtml('if (a < b && c) {}')}</script>`)).toBe(
      '<script>if (a < b && c) {}</script>',
    );
  });

  it('the checks above fail for a tag that does not escape (they can fail)', () => {
    const naive: Tag = (strings, ...values) => strings.reduce((out, s, i) => out + String(values[i - 1]) + s);
    expect(() => checkEscapes(naive)).toThrow();
  });
});
