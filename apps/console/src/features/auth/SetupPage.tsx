import { useState, type FormEvent } from 'react';
import { api } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';

/** The page of a setup link (`vitrine owners add`): choose the password, then sign in. */
export function SetupPage({ token }: { token: string | null }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/_admin/v1/console/setup', { token, password });
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <main className="narrow" id="main">
        <PageHeading>Password set</PageHeading>
        <p role="status">Your password is set. You can sign in now.</p>
        <Link to="/sign-in">Sign in</Link>
      </main>
    );
  }
  return (
    <main className="narrow" id="main">
      <PageHeading>Set your console password</PageHeading>
      {!token && <Notice error="This page needs the setup link from `vitrine owners add`." />}
      <form onSubmit={submit} className="form">
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={8}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="password-help"
          />
        </label>
        <p id="password-help" className="help">
          At least 8 characters; a common password is refused.
        </p>
        <Notice error={error} />
        <button type="submit" disabled={busy || !token}>
          Set password
        </button>
      </form>
    </main>
  );
}
