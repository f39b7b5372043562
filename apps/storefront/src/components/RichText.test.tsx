/** Rich text reaches the page as React elements: formatting survives, scripts, handlers and unsafe URLs do not. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHtmlOnServer } from '../server/html-parser.js';
import { RichText, setHtmlParser } from './RichText.js';

// The ui project shares one document between the files of a worker: a container left behind was read as page
// text by the pseudo-locale suites that run after this file.
afterEach(cleanup);

const html = (value: string) => render(<RichText value={value} />).container.innerHTML;

describe('RichText', () => {
  it('keeps paragraphs, headings, emphasis, lists and safe links', () => {
    const out = html(
      '<h2>Care</h2><p>Hand <strong>wash</strong>, <em>dry</em> <b>flat</b>.</p><ul><li>one</li></ul>' +
        '<p><a href="https://example.com/care">guide</a> <a href="/products/mug">mug</a></p>',
    );
    expect(out).toBe(
      '<div><h2>Care</h2><p>Hand <strong>wash</strong>, <em>dry</em> <strong>flat</strong>.</p><ul><li>one</li></ul>' +
        '<p><a href="https://example.com/care" rel="noopener noreferrer nofollow">guide</a> ' +
        '<a href="/products/mug" rel="noopener noreferrer nofollow">mug</a></p></div>',
    );
  });

  it('drops script, style and iframe with their content, and every event handler', () => {
    const out = html(
      '<p>ok<script>alert(1)</script></p><style>p{}</style><iframe src="https://evil"></iframe>' +
        '<p onclick="alert(2)" style="color:red">styled</p><svg onload="alert(3)"><text>x</text></svg>',
    );
    expect(out).toBe('<div><p>ok</p><p>styled</p></div>');
  });

  it('keeps no javascript:, data: or protocol-relative link, however it is spelt', () => {
    const out = html(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#9;script:alert(1)">c</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="//evil.example">e</a>',
    );
    expect(out).toBe('<div><span>a</span><span>b</span><span>c</span><span>d</span><span>e</span></div>');
  });

  it('keeps uploaded and https images without their handlers; drops javascript: and other sources', () => {
    const media = '/_media/0123456789abcdef01234567.png';
    const out = html(
      `<p><img src="${media}" alt="mug" onerror="alert(1)"><img src="x" onerror="alert(2)">` +
        '<img src="javascript:alert(3)"><img src="https://cdn.example/a.jpg"></p>',
    );
    expect(out).toBe(
      `<div><p><img alt="mug" loading="lazy" decoding="async" src="${media}">` +
        '<img alt="" loading="lazy" decoding="async" src="https://cdn.example/a.jpg"></p></div>',
    );
  });

  it('shows plain text as paragraphs, escaping anything that looks like markup only by accident', () => {
    expect(html('First line.\n\nSecond & last < 3')).toBe(
      '<div><p>First line.</p><p>Second &amp; last &lt; 3</p></div>',
    );
  });

  it('builds the same markup from the server parser (parse5) as from the browser DOMParser, so pages hydrate as sent', () => {
    const samples = [
      '<h2>Care</h2><p>Hand <b>wash</b>, <i>dry</i> <strong>flat</strong>.</p><ul><li>one<li>two</ul>',
      '<p>ok<script>alert(1)</script></p><style>p{}</style><iframe src="https://evil"></iframe><svg><text>x</text></svg>',
      '<p><a href="java\tscript:alert(1)">x</a> <a href="https://example.com">y</a><img src="/_media/0123456789abcdef01234567.png" alt="a"></p>',
      '<table><tr><td>cell</td></tr></table><p>unclosed <em>emphasis<p>next</p><!-- comment --><template><p>t</p></template>',
      'text before <h1>title</h1> after<br>line',
    ];
    for (const sample of samples) {
      const inBrowser = html(sample);
      setHtmlParser(parseHtmlOnServer);
      try {
        expect(html(sample)).toBe(inBrowser);
      } finally {
        setHtmlParser(undefined);
      }
    }
  });
});
