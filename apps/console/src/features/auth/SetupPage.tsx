import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.js';
import type { OwnerLink, SetPasswordAnswer } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ROLE_SUMMARY } from './roles.js';

type LinkState =
  | { kind: 'checking' }
  | { kind: 'ready'; link: OwnerLink }
  | { kind: 'unusable'; message: string }
  | { kind: 'sign-in-next'; email: string };

/**
 * The page of a one-time link: a setup link (first start, `vitrine owners add`, an invitation) or a
 * password reset link (mailed). It names the account first, sets the password, then the owner is signed
 * in (an owner with an authenticator signs in with a code instead). A used or expired link says so.
 */
export function SetupPage({ token, onSignedIn }: { token: string | null; onSignedIn: () => void }) {
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setState({
        kind: 'unusable',
        message: 'This page needs the whole link, including the part after "?token=". Copy it again from the message.',
      });
      return;
    }
    api<OwnerLink>('GET', `/_admin/v1/console/setup?token=${encodeURIComponent(token)}`).then(
      (link) => setState({ kind: 'ready', link }),
      (e: unknown) => setState({ kind: 'unusable', message: (e as Error).message }),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<SetPasswordAnswer>('POST', '/_admin/v1/console/setup', { token, password });
      if (answer.signInNext) setState({ kind: 'sign-in-next', email: answer.owner.email });
      else onSignedIn();
    } catch (e) {
      // A link that stopped working meanwhile (used in another tab) shows as the page's state.
      if (e instanceof ApiError && e.status === 410) setState({ kind: 'unusable', message: e.message });
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'checking')
    return (
      <p className="loading" role="status">
        Checking the link…
      </p>
    );
  if (state.kind === 'unusable')
    return (
      <main className="narrow" id="main">
        <PageHeading>This link cannot be used</PageHeading>
        <p role="alert">{state.message}</p>
        <p>
          <Link to="/sign-in">Sign in</Link> · <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      </main>
    );
  if (state.kind === 'sign-in-next')
    return (
      <main className="narrow" id="main">
        <PageHeading>Password changed</PageHeading>
        <p role="status">
          The new password for {state.email} is set and your other sessions are signed out. Sign in with it and a code
          from your authenticator app.
        </p>
        <Link to="/sign-in">Sign in</Link>
      </main>
    );
  const { link } = state;
  const reset = link.purpose === 'reset';
  return (
    <main className="narrow" id="main">
      <PageHeading>{reset ? 'Choose a new password' : 'Set up your console account'}</PageHeading>
      <dl className="account">
        <dt>Account</dt>
        <dd>{link.email}</dd>
        <dt>Role</dt>
        <dd>
          {link.role}: {ROLE_SUMMARY[link.role]}
        </dd>
      </dl>
      {reset && <p>Your other console sessions are signed out when the new password is set.</p>}
      {link.twoFactorNext && (
        <p>Next, this server asks for an authenticator app: you scan a QR code with your phone and enter a code.</p>
      )}
      <form onSubmit={submit} className="form">
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <label>
          {reset ? 'New password' : 'Password'}
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
          At least 8 characters; a common password, or one containing your email, is refused.
        </p>
        <Notice error={error} />
        <button type="submit" disabled={busy}>
          {reset ? 'Set the new password and sign in' : 'Set password and sign in'}
        </button>
      </form>
    </main>
  );
}
