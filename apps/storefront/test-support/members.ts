/** Members for integration tests: registered through the API, signed in through the storefront's own forms. */
import { fireEvent, screen } from '@testing-library/react';
import type { ShopTestServer } from './test-server.js';

const long = { timeout: 8000 };

/** Registers as the SDK does: with a visitor token of the storefront's client. */
export async function registerByApi(server: ShopTestServer, email: string, password: string): Promise<void> {
  const token = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    body: JSON.stringify({ loginId: { email }, password }),
  });
  if (res.status != 200) throw new Error(`register answered ${res.status}`);
}

export async function latestCode(server: ShopTestServer, email: string): Promise<string> {
  const mail = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`).then(
    (r) => r.json() as Promise<{ messages: { text: string }[] }>,
  );
  return /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1]!;
}

/** On the sign-in page: fills the form, enters the mailed code when the site asks for one. */
export async function signInThroughForm(server: ShopTestServer, email: string, password: string): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: 'Sign in' }, long);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const next = await Promise.race([
    screen.findByRole('heading', { level: 1, name: 'Verify your email' }, long).then(() => 'verify' as const),
    screen.findByRole('button', { name: 'Sign out' }, long).then(() => 'signed-in' as const),
  ]);
  if (next == 'verify') {
    fireEvent.change(screen.getByLabelText('Verification code'), {
      target: { value: await latestCode(server, email) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('button', { name: 'Sign out' }, long);
  }
}
