import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';

/**
 * "Forgot your password?": the server mails a one-time link (30 minutes) to an owner's address. The
 * answer is the same for any address, so the page cannot tell who is an owner, and neither can anyone else.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/_admin/v1/console/password-reset', { email });
      setSentTo(email.trim());
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 429
          ? 'Too many requests. Wait a few minutes and try again.'
          : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="narrow" id="main">
      <PageHeading>Forgot your password?</PageHeading>
      {sentTo ? (
        <p role="status">
          If {sentTo} is the address of a console account, a link to choose a new password is on its way. It works once,
          within 30 minutes; check the spam folder too.
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <p>Enter the address you sign in with. We mail you a link to choose a new password.</p>
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
          <Notice error={error} />
          <button type="submit" disabled={busy}>
            Mail me a link
          </button>
        </form>
      )}
      <p>
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </main>
  );
}
