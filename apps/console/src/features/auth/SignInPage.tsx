import { useState } from 'react';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useSignIn } from './api.js';

/** Email and password; then the authentication code when the owner has two-factor on. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useSignIn();
  const form = useForm({ email: '', password: '', code: '' }, signIn);
  const submit = form.onSubmit(({ email, password, code }) =>
    signIn.mutate(
      { email, password, ...(needsCode ? { code } : {}) },
      { onSuccess: (result) => (result.twoFactorRequired ? setNeedsCode(true) : onSignedIn()) },
    ),
  );
  const error = signIn.error?.status === 429 ? 'Too many attempts. Wait a few minutes and try again.' : form.error;

  return (
    <main className="narrow" id="main">
      <PageHeading>Sign in to the console</PageHeading>
      <form onSubmit={submit} className="form">
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required {...form.field('email')} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required {...form.field('password')} />
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
              {...form.field('code')}
            />
          </label>
        )}
        <Notice error={error} />
        <button type="submit" disabled={form.busy}>
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
