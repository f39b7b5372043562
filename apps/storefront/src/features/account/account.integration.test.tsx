import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInThroughForm } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';
import { MESSAGES } from '../auth/auth-errors.js';

let server: ShopTestServer;
beforeAll(async () => {
  server = await startShopServer();
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const long = { timeout: 8000 };
const PASSWORD = 'a long enough password';

/** The text tied to the field labelled `label` with `aria-describedby` (its error, then its hint). */
const descriptionOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
/** How a message is announced: the role of the region holding it (`alert` at once, `status` politely). */
const announcedAs = (element: HTMLElement) => element.closest('[role]')?.getAttribute('role');

describe('account info', () => {
  it('saves names and tagged addresses through the member profile endpoint, and they survive a reload', async () => {
    const email = `account-${Date.now()}@example.com`;
    await registerByApi(server, email, PASSWORD);
    const shop = renderShop(server, '/sign-in?returnTo=%2Faccount');
    await signInThroughForm(server, email, PASSWORD);
    await screen.findByRole('heading', { level: 1, name: 'Account info' }, long);
    // The address is the Email entry of the account summary.
    expect((await screen.findByText(email, {}, long)).previousElementSibling?.textContent).toBe('Email');

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Your name was saved.', {}, long);

    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const card = screen.getByRole('group', { name: 'Address 1' });
    fireEvent.change(within(card).getByLabelText('Tag'), { target: { value: 'BILLING' } });
    fireEvent.change(within(card).getByLabelText('Street and number'), { target: { value: '12 Analytical Row' } });
    fireEvent.change(within(card).getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.change(within(card).getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save addresses' }));
    await screen.findByText('Your addresses were saved.', {}, long);

    shop.reload();
    await screen.findByRole('heading', { level: 1, name: 'Account info' }, long);
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'), long);
    const saved = screen.getByRole('group', { name: 'Address 1' });
    expect((within(saved).getByLabelText('Tag') as HTMLSelectElement).value).toBe('BILLING');
    expect((within(saved).getByLabelText('Country') as HTMLSelectElement).value).toBe('GB');
  });

  it('explains a wrong current password when changing it', async () => {
    const email = `password-${Date.now()}@example.com`;
    await registerByApi(server, email, PASSWORD);
    renderShop(server, '/sign-in?returnTo=%2Faccount');
    await signInThroughForm(server, email, PASSWORD);
    await screen.findByRole('heading', { level: 1, name: 'Account info' }, long);
    await screen.findByLabelText('Current password', {}, long);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'not my password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your current password is not correct.', {}, long);
    expect(descriptionOf('Current password')).toBe('Your current password is not correct.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(announcedAs(await screen.findByText('Your password was changed.', {}, long))).toBe('status');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the current password and explains a common new password (audit F-6, F-15)', async () => {
    const email = `common-${Date.now()}@example.com`;
    await registerByApi(server, email, PASSWORD);
    renderShop(server, '/sign-in?returnTo=%2Faccount');
    await signInThroughForm(server, email, PASSWORD);
    await screen.findByRole('heading', { level: 1, name: 'Account info' }, long);
    await screen.findByLabelText('Current password', {}, long);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Enter your current password.', {}, long);
    expect(descriptionOf('Current password')).toBe('Enter your current password.');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText(MESSAGES.commonPassword, {}, long);
    expect(descriptionOf('New password')).toContain(MESSAGES.commonPassword);
    expect(descriptionOf('Current password')).toBe('');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: email.toUpperCase() } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Do not use the shop’s name or your email address as your password.', {}, long);
    expect(descriptionOf('New password')).toContain(
      'Do not use the shop’s name or your email address as your password.',
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(announcedAs(await screen.findByText('Your password was changed.', {}, long))).toBe('status');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
  });

  it("downloads the member's own data as one JSON file", async () => {
    const email = `my-data-${Date.now()}@example.com`;
    await registerByApi(server, email, PASSWORD);
    renderShop(server, '/sign-in?returnTo=%2Faccount');
    await signInThroughForm(server, email, PASSWORD);
    await screen.findByRole('heading', { level: 1, name: 'Account info' }, long);
    // jsdom has no object URLs: the file handed to the download link is caught here.
    let file: Blob | undefined;
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => ((file = blob), 'blob:my-data');
    URL.revokeObjectURL = () => {};
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }, long));
      await waitFor(() => expect(file).toBeDefined(), long);
      const data = JSON.parse(await file!.text()) as {
        member: { email: string };
        signInMethods: { password: boolean };
      };
      expect(data.member.email).toBe(email);
      expect(data.signInMethods.password).toBe(true);
      expect(screen.queryByText('Your data could not be downloaded. Try again.')).toBeNull();
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('sends visitors to sign in', async () => {
    renderShop(server, '/account/orders');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, long);
    expect(window.location.search).toBe('?returnTo=%2Faccount%2Forders');
  });
});
