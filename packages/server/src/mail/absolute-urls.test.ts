import { describe, expect, it } from 'vitest';
import { html } from '../http/html.js';
import { absoluteUrls } from './absolute-urls.js';

describe('absoluteUrls', () => {
  it("makes the templates' own paths absolute on the server's address, and nothing else", () => {
    const mail =
      html`<img src="/_media/a.png"><a href="/order?x=1">o</a><a href="https://elsewhere.example/x">e</a><img src="//cdn.example/x.png"><p>${'src="/evil"'}</p>`.toString();
    expect(absoluteUrls(mail, 'https://shop.example/')).toBe(
      '<img src="https://shop.example/_media/a.png"><a href="https://shop.example/order?x=1">o</a><a href="https://elsewhere.example/x">e</a><img src="//cdn.example/x.png"><p>src=&#34;/evil&#34;</p>',
    );
    expect(absoluteUrls(mail, undefined)).toBe(mail);
  });
});
