/**
 * What the pseudo-locale suites share (src/i18n/pseudo-locale*.integration.test.tsx): a real server
 * with the storefront switched to the pseudo-locale (English with accented letters, compiled by Lingui
 * from the English catalog), and the check that no visible or announced text is plain English.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { activateLanguage } from '../src/i18n/i18n.js';
import { LANGUAGES } from '../src/i18n/languages.js';
import { startShopServer, type ShopTestServer } from './test-server.js';

/**
 * Strings that come from data, not from the storefront: allowed in plain English. The information pages' titles
 * (every footer links them) join once the server is up.
 */
export const PSEUDO_LOCALE_DATA: string[] = ['Test Shop', ...LANGUAGES.map((l) => l.name)];

async function pageTitles(server: ShopTestServer): Promise<string[]> {
  const res = await fetch(`${server.url}/wix-data/v2/items/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vitrine-site-id': server.siteId },
    body: JSON.stringify({ dataCollectionId: 'Pages', query: { fields: ['title'] } }),
  });
  const { dataItems } = (await res.json()) as { dataItems: { data: { title: string } }[] };
  return dataItems.map((item) => item.data.title);
}

/** Registers the suite's hooks; the server is there from `beforeAll` on. */
export function pseudoLocaleShop(): { readonly server: ShopTestServer } {
  const state = {} as { server: ShopTestServer };
  beforeAll(async () => {
    // jsdom pages live at http://localhost:3000: the demo client accepts that origin as a payment's return URL.
    const page = 'http://localhost:3000';
    state.server = await startShopServer({
      site: (s) => ({ ...s, clients: s.clients.map((c) => ({ ...c, allowedOrigins: [...c.allowedOrigins, page] })) }),
    });
    for (const title of await pageTitles(state.server))
      if (!PSEUDO_LOCALE_DATA.includes(title)) PSEUDO_LOCALE_DATA.push(title);
    await activateLanguage('pseudo', () => import('../src/locales/pseudo.po'));
  }, 120_000);
  afterAll(async () => {
    await activateLanguage('en');
    await state.server?.close();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
  return state;
}

/** Every visible or announced string of the page: text nodes, aria-label, placeholder, title, alt. */
export function visibleStrings(root: ParentNode = document.body): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
  for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = el.getAttribute(attr)?.trim();
      if (value) out.push(value);
    }
  }
  return out;
}

/** The strings with a plain-ASCII word left once the data values (longest first) are taken out. */
export function hardCodedTexts(data: readonly string[] = PSEUDO_LOCALE_DATA): string[] {
  const known = [...data].sort((a, b) => b.length - a.length);
  return visibleStrings().filter((text) => {
    let rest = text;
    for (const value of known) if (value) rest = rest.split(value).join(' ');
    return /[A-Za-z]{2,}/.test(rest);
  });
}
