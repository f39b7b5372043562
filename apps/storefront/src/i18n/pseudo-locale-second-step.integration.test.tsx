/**
 * The second-step sign-in page (/sign-in/second-step, issue #14) in the pseudo-locale: every method's
 * help, the switches between methods, and the error after a refused code come from the catalogs.
 * (pseudo-locale.integration.test.tsx covers the other pages; this one needs a pending second step.)
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderShop } from '../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../test-support/test-server.js';
import { savePendingSecondStep } from '../features/auth/pending-second-step.js';
import { activateLanguage } from './i18n.js';
import { LANGUAGES } from './languages.js';

let server: ShopTestServer;
const data = ['Test Shop', ...LANGUAGES.map((l) => l.name)];

beforeAll(async () => {
  server = await startShopServer();
  await activateLanguage('pseudo', () => import('../locales/pseudo.po'));
}, 120_000);
afterAll(async () => {
  await activateLanguage('en');
  await server?.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** Visible and announced strings with a plain-ASCII word once the data values are taken out. */
function hardCoded(): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) if (el.getAttribute(attr)?.trim()) out.push(el.getAttribute(attr)!.trim());
  }
  return out.filter((text) => /[A-Za-z]{2,}/.test(data.reduce((rest, value) => rest.split(value).join(' '), text)));
}

const long = { timeout: 8000 };

describe('pseudo-locale: the second sign-in step', () => {
  it('authenticator app, recovery code, email and passkey choices, and a refused code, all from the catalogs', async () => {
    // A pending step as the sign-in page leaves it (MFA_REQUIRED); its state token is not a live one.
    savePendingSecondStep({
      returnTo: '/account',
      result: {
        loginState: 'MFA_REQUIRED',
        data: { stateToken: 'not-a-live-state-token', factors: [{ factorType: 'TOTP' }, { factorType: 'EMAIL' }, { factorType: 'RECOVERY_CODE' }, { factorType: 'WEBAUTHN' }] },
      } as never,
    });
    const shop = renderShop(server, '/sign-in/second-step', { language: 'pseudo' });
    expect(document.documentElement.lang).toBe('en-XA');
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull(), long);
    expect(document.querySelectorAll('.second-step__other button').length).toBeGreaterThanOrEqual(3);
    expect(hardCoded(), 'authenticator app').toEqual([]);

    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.second-step__other button')];
    // The recovery-code switch is the last link-style button while the app is the method.
    fireEvent.click(buttons().at(-1)!);
    await waitFor(() => expect(document.querySelector('input[name="code"]')?.getAttribute('inputmode')).toBe('text'), long);
    expect(hardCoded(), 'recovery code').toEqual([]);

    fireEvent.change(document.querySelector('input[name="code"]')!, { target: { value: 'abcd-efgh' } });
    fireEvent.submit(document.querySelector('form')!);
    // The server refuses the dead state token: either the page's own error or the sign-in page saying it expired.
    await waitFor(() => expect(document.querySelector('.field__error, [role="alert"]')).not.toBeNull(), long);
    expect(hardCoded(), 'after a refused code').toEqual([]);
    shop.reload('/sign-in?secondStepExpired=1');
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull(), long);
    expect(hardCoded(), 'sign-in, second step expired').toEqual([]);
  });
});
