/**
 * The second-step sign-in page (/sign-in/second-step, issue #14) in the pseudo-locale: every method's
 * help, the switches between methods, and the error after a refused code come from the catalogs.
 * (pseudo-locale.integration.test.tsx covers the other pages; this one needs a pending second step.)
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hardCodedTexts as hardCoded, pseudoLocaleShop } from '../../test-support/pseudo-locale.js';
import { renderShop } from '../../test-support/render-shop.js';
import { savePendingSecondStep } from '../features/auth/pending-second-step.js';

const shopServer = pseudoLocaleShop();

const long = { timeout: 8000 };

describe('pseudo-locale: the second sign-in step', () => {
  it('authenticator app, recovery code, email and passkey choices, and a refused code, all from the catalogs', async () => {
    // A pending step as the sign-in page leaves it (MFA_REQUIRED); its state token is not a live one.
    savePendingSecondStep({
      returnTo: '/account',
      result: {
        loginState: 'MFA_REQUIRED',
        data: {
          stateToken: 'not-a-live-state-token',
          factors: [
            { factorType: 'TOTP' },
            { factorType: 'EMAIL' },
            { factorType: 'RECOVERY_CODE' },
            { factorType: 'WEBAUTHN' },
          ],
        },
      } as never,
    });
    const shop = renderShop(shopServer.server, '/sign-in/second-step', { language: 'pseudo' });
    expect(document.documentElement.lang).toBe('en-XA');
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull(), long);
    expect(document.querySelectorAll('.second-step__other button').length).toBeGreaterThanOrEqual(3);
    expect(hardCoded(), 'authenticator app').toEqual([]);

    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.second-step__other button')];
    // The recovery-code switch is the last link-style button while the app is the method.
    fireEvent.click(buttons().at(-1)!);
    await waitFor(
      () => expect(document.querySelector('input[name="code"]')?.getAttribute('inputmode')).toBe('text'),
      long,
    );
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
