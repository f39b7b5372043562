import { useState } from 'react';
import { ApiError } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useOwnerLink, useSetPassword } from './api.js';
import { ROLE_SUMMARY } from './roles.js';

const NO_TOKEN = 'This page needs the whole link, including the part after "?token=". Copy it again from the message.';

/**
 * The page of a one-time link: a setup link (first start, `vitrine owners add`, an invitation) or a
 * password reset link (mailed). It names the account first, sets the password, then the owner is signed
 * in (an owner with an authenticator signs in with a code instead). A used or expired link says so.
 */
export function SetupPage({ token, onSignedIn }: { token: string | null; onSignedIn: () => void }) {
  const owner = useOwnerLink(token);
  const setPassword = useSetPassword();
  const form = useForm({ password: '' }, setPassword);
  // The first start's link: the first owner gives their own address (the field starts with the one the start used).
  const choosable = owner.data?.emailChoosable === true;
  const [typedEmail, setTypedEmail] = useState<string>();
  const email = typedEmail ?? owner.data?.email ?? '';
  const submit = form.onSubmit(({ password }) =>
    setPassword.mutate(
      { token: token!, password, ...(choosable ? { email: email.trim() } : {}) },
      { onSuccess: (answer) => !answer.signInNext && onSignedIn() },
    ),
  );
  const violatesEmail =
    setPassword.error instanceof ApiError && setPassword.error.violations.some((v) => v.field === 'email');
  // A link that stopped working meanwhile (used in another tab) shows as the page's state.
  const gone = setPassword.error?.status === 410 ? setPassword.error.message : undefined;
  const unusable = !token ? NO_TOKEN : (gone ?? owner.error?.message);
  const error = gone ? undefined : form.error;
  const state = unusable
    ? { kind: 'unusable' as const, message: unusable }
    : setPassword.data?.signInNext
      ? { kind: 'sign-in-next' as const, email: setPassword.data.owner.email }
      : owner.data
        ? { kind: 'ready' as const, link: owner.data }
        : { kind: 'checking' as const };

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
        {!choosable && (
          <>
            <dt>Account</dt>
            <dd>{link.email}</dd>
          </>
        )}
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
        {choosable ? (
          <>
            <label>
              Your email
              <input
                type="email"
                name="username"
                autoComplete="username"
                required
                maxLength={254}
                value={email}
                onChange={(e) => setTypedEmail(e.target.value)}
                aria-invalid={violatesEmail ? true : undefined}
                aria-describedby="email-help"
              />
            </label>
            <p id="email-help" className="help">
              You sign in with it, and &quot;Forgot your password?&quot; mails it. {link.email} is a placeholder that
              receives no mail: give your own. You can change it later under Your account.
            </p>
          </>
        ) : (
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        )}
        <label>
          {reset ? 'New password' : 'Password'}
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={8}
            required
            {...form.field('password')}
            aria-describedby="password-help"
          />
        </label>
        <p id="password-help" className="help">
          At least 8 characters; a common password, or one containing your email, is refused.
        </p>
        <Notice error={error} />
        <button type="submit" disabled={form.busy}>
          {reset ? 'Set the new password and sign in' : 'Set password and sign in'}
        </button>
      </form>
    </main>
  );
}
