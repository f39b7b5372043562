import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';
import { MESSAGES } from './auth-errors.js';

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

describe('forgot password', () => {
  it('is reached from sign-in, sends the reset link and points to the dev mailbox', async () => {
    const email = `forgot-${Date.now()}@example.com`;
    await registerByApi(server, email, 'a long enough password');
    renderShop(server, '/sign-in');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }, long));
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' }, long);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    // The message is the Email field's description.
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(
      screen.getByText(MESSAGES.invalidEmailRegister).id,
    );

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText('Check your email', {}, long);
    expect(screen.getByRole('link', { name: 'Open the dev mailbox' }).getAttribute('href')).toBe(
      `${server.url}/_dev/mail?to=${encodeURIComponent(email)}`,
    );

    const mail = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`).then(
      (r) => r.json() as Promise<{ messages: { subject: string; text: string }[] }>,
    );
    const reset = mail.messages.find((m) => /reset/i.test(m.subject));
    expect(reset?.text).toMatch(/\/reset-password\?token=/);
  });

  it('the reset page explains a common new password (audit F-15)', async () => {
    const email = `common-reset-${Date.now()}@example.com`;
    await registerByApi(server, email, 'a long enough password');
    const visitor = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    await fetch(`${server.url}/_api/iam/recovery/v1/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: visitor.access_token },
      body: JSON.stringify({ email }),
    });
    const mail = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`).then(
      (r) => r.json() as Promise<{ messages: { text: string }[] }>,
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.messages[0]!.text)![1]!;
    renderShop(server, `/reset-password?token=${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' }, long);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'iloveyou2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const message = await screen.findByText(MESSAGES.commonPassword, {}, long);
    // Explained next to the field: the message is the New password field's description.
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  });
});
