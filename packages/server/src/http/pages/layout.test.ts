import { describe, expect, it } from 'vitest';
import { html } from '../html.js';
import { page, scriptJson } from './layout.js';

/** Data an attacker controls (a site name, a redirect URL, a translated message) that tries to leave the script. */
const HOSTILE = {
  close: '</script><script>alert(1)</script>',
  comment: '<!--<script>',
  entity: '&lt;&#x3c;>',
  lineSeparators: 'a\u2028b\u2029c',
  nested: ['</SCRIPT >', { deep: '\u2028</script' }],
};

/** The text of the page's one inline script, as an HTML parser sees it: up to the first `</script`. */
function inlineScript(document: string): string {
  const start = document.indexOf('>', document.indexOf('<script')) + 1;
  return document.slice(start, document.toLowerCase().indexOf('</script', start));
}

describe('scriptJson', () => {
  it('leaves no <, >, &, U+2028 or U+2029 in the text, and the script reads the same value', () => {
    const text = scriptJson(HOSTILE);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('a\\u2028b\\u2029c');
    expect(JSON.parse(text)).toEqual(HOSTILE);
  });

  it('keeps a page script whole: "</script>" and U+2028 in its data end neither the element nor a line', () => {
    const script = `var data = ${scriptJson(HOSTILE)};`;
    const document = page('n0nce', 'Shop', 'Title', html`<p>x</p>`, script);
    // The HTML parser's script element ends where ours does, not inside the data.
    expect(inlineScript(document)).toBe(script);
    // No raw line separator inside a string literal (a syntax error to engines before ES2019).
    expect(inlineScript(document)).not.toMatch(/[\u2028\u2029]/);
    // Run as the browser would: the script sees exactly the data it was given.
    expect(new Function(`${inlineScript(document)} return data;`)()).toEqual(HOSTILE);
  });
});

describe('page', () => {
  it('carries its icon inline, so no browser asks this server for /favicon.ico (a logged 404 on every page)', () => {
    const document = page('nonce', 'Shop', 'Sign in', html`<p>x</p>`);
    expect(document).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
    expect(document).not.toContain('favicon.ico');
  });
});
