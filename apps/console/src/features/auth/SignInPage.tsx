import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.js';
import type { SignInAnswer } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';

/** Email and password; then the authentication code when the owner has two-factor on. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<SignInAnswer>('POST', '/_admin/v1/console/sign-in', {
        email,
        password,
        ...(needsCode ? { code } : {}),
      });
      if (result.twoFactorRequired) setNeedsCode(true);
      else onSignedIn();
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 429
          ? 'Too many attempts. Wait a few minutes and try again.'
          : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="narrow" id="main">
      <PageHeading>Sign in to the console</PageHeading>
      <form onSubmit={submit} className="form">
        <label>
          Email
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {needsCode && (
          <label>
            Authentication code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
        )}
        <Notice error={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <section aria-labelledby="first-time-heading" className="first-time">
        <h2 id="first-time-heading">No account yet?</h2>
        <p>
          The console has no sign-up. When the server starts with no owner, it prints a one-time setup link for the
          first owner in its output (<code>npm start</code> or <code>vitrine serve</code>): open it to set your
          password. Anyone else is invited by an owner from the Owners page, or by the server's operator with{' '}
          <code>npx vitrine owners add EMAIL</code>.
        </p>
      </section>
    </main>
  );
}
