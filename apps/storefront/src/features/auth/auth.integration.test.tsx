import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';
import { MESSAGES } from './auth-errors.js';

/**
 * Sign-in, account creation and verification screens against real servers: one with the demo
 * policies, one requiring both email verification and owner approval.
 */
let open: ShopTestServer;
let strict: ShopTestServer;
/** The strict server's clock runs this far ahead of the real one (to pass the resend cooldown). */
let clockOffset = 0;

beforeAll(async () => {
  open = await startShopServer();
  strict = await startShopServer({
    now: () => Date.now() + clockOffset,
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'required', memberApproval: 'manual' } }),
  });
}, 120_000);
afterAll(() => Promise.all([open, strict].map((s) => s?.close())));
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

let n = 0;
const email = () => `shopper-${Date.now()}-${++n}@example.com`;

/** The text tied to a field through aria-describedby. */
/** How a message is announced: the role of the region holding it (`alert` at once, `status` politely). */
const announcedAs = (element: HTMLElement) => element.closest('[role]')?.getAttribute('role');

const descriptionOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign in', () => {
  it('explains a wrong password next to the Password field', async () => {
    const address = email();
    await registerByApi(open, address, 'correct horse battery');
    renderShop(open, '/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 });
    fill({ Email: address, Password: 'wrong password!' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(descriptionOf('Password')).toContain(MESSAGES.invalidPassword));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('explains a blocked account', async () => {
    const address = email();
    await registerByApi(open, address, 'correct horse battery');
    const block = await fetch(`${open.url}/_admin/v1/members/block`, {
      method: 'POST',
      headers: { authorization: `Bearer ${open.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: open.siteId, email: address }),
    });
    expect(block.status).toBe(200);
    renderShop(open, '/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 });
    fill({ Email: address, Password: 'correct horse battery' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(announcedAs(await screen.findByText(MESSAGES.blocked, {}, { timeout: 5000 }))).toBe('alert');
  });
});

describe('create account', () => {
  it('explains a taken email and a malformed one next to the Email field', async () => {
    const address = email();
    await registerByApi(open, address, 'correct horse battery');
    renderShop(open, '/create-account');
    await screen.findByRole('heading', { level: 1, name: 'Create account' }, { timeout: 5000 });
    fill({ Email: address, Password: 'another long password' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(descriptionOf('Email')).toContain(MESSAGES.emailAlreadyExists));
    fill({ Email: 'not-an-email' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(descriptionOf('Email')).toContain(MESSAGES.invalidEmailRegister));
  });

  it('explains a common password next to the Password field (audit F-15)', async () => {
    renderShop(open, '/create-account');
    await screen.findByRole('heading', { level: 1, name: 'Create account' }, { timeout: 5000 });
    fill({ Email: email(), Password: 'Password123' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(descriptionOf('Password')).toContain(MESSAGES.commonPassword));
  });

  it('refuses a short password before calling the server', async () => {
    renderShop(open, '/create-account');
    await screen.findByRole('heading', { level: 1, name: 'Create account' }, { timeout: 5000 });
    fill({ Email: email(), Password: 'short' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(descriptionOf('Password')).toContain(MESSAGES.weakPassword);
  });

  it('asks for the emailed code (wrong code explained, resend, dev mailbox), then explains owner approval', async () => {
    const address = email();
    renderShop(strict, '/create-account');
    await screen.findByRole('heading', { level: 1, name: 'Create account' }, { timeout: 5000 });
    fill({ Email: address, Password: 'a long enough password' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' }, { timeout: 5000 });
    expect(window.location.pathname).toBe('/verify');
    expect(screen.getByRole('link', { name: 'Open the dev mailbox' }).getAttribute('href')).toBe(
      `${strict.url}/_dev/mail?to=${encodeURIComponent(address)}`,
    );

    const mail = await fetch(`${strict.url}/_dev/mail.json?to=${encodeURIComponent(address)}`).then(
      (r) => r.json() as Promise<{ messages: { text: string }[] }>,
    );
    const code = /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1]!;
    const wrong = code == '000000' ? '111111' : '000000';
    fill({ 'Verification code': wrong });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(descriptionOf('Verification code')).toContain(MESSAGES.wrongCode));

    // Codes are spaced out: asking again at once is explained, a minute later it works.
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      announcedAs(
        await screen.findByText(
          /A code was sent a moment ago. You can ask for another one in \d+ seconds./,
          {},
          { timeout: 5000 },
        ),
      ),
    ).toBe('status');
    clockOffset += 61_000;
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(announcedAs(await screen.findByText(/A new code is on its way/, {}, { timeout: 5000 }))).toBe('status');
    await waitFor(async () => {
      const after = await fetch(`${strict.url}/_dev/mail.json?to=${encodeURIComponent(address)}`).then(
        (r) => r.json() as Promise<{ messages: unknown[] }>,
      );
      expect(after.messages.length).toBe(2);
    });
    const latest = await fetch(`${strict.url}/_dev/mail.json?to=${encodeURIComponent(address)}`).then(
      (r) => r.json() as Promise<{ messages: { text: string }[] }>,
    );
    fill({ 'Verification code': /\b(\d{6})\b/.exec(latest.messages[0]!.text)![1]! });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(announcedAs(await screen.findByText(MESSAGES.ownerApproval, {}, { timeout: 5000 }))).toBe('status');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });
});
