/**
 * The axe-core helper every browser suite leans on (support/axe.ts) finds what it must: on a page with one
 * serious and two critical violations it names each rule and element, and on the same page mended it finds
 * none. axe is told to build full results for violations only (its `resultTypes` option), which must not
 * hide one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { launchChromium } from './support/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const shopPage = (body: string) =>
  `<!doctype html><html lang="en"><head><title>axe helper</title></head><body><main><h1>Shop</h1>${body}</main></body></html>`;

describe('seriousViolations', () => {
  it('names every serious and critical violation with its elements, and nothing once they are mended', async () => {
    await page.setContent(
      shopPage(
        '<button id="empty"></button><img id="bare" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
          '<p id="faint" style="color:#eee;background:#fff">Free delivery</p><p style="color:#222">Readable</p>',
      ),
    );
    expect((await seriousViolations(page)).sort()).toEqual([
      'blank: button-name: [["#empty"]]',
      'blank: color-contrast: [["#faint"]]',
      'blank: image-alt: [["#bare"]]',
    ]);
    await page.setContent(
      shopPage(
        '<button>Add to cart</button><img alt="A mug" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
          '<p style="color:#333;background:#fff">Free delivery</p>',
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('looks only inside the part of the page it is given', async () => {
    await page.setContent(
      shopPage('<section id="ok"><button>Pay</button></section><section><button></button></section>'),
    );
    expect(await seriousViolations(page, '#ok')).toEqual([]);
    expect(await seriousViolations(page)).toHaveLength(1);
  });
});
