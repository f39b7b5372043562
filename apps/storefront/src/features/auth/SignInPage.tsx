import { useLingui } from '@lingui/react';
import { useAuthActions, useSession } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { AlternativeSignIn } from './AlternativeSignIn.js';
import { ApprovalNotice } from './ApprovalNotice.js';
import { Rich } from '../../i18n/Rich.js';
import { authPageLink, safeReturnTo } from './return-to.js';
import { useCartMemory } from '../cart/use-cart-memory.js';
import { thrownProblem, useAuthOutcome } from './use-auth-outcome.js';
import type { AuthOutcome } from './use-auth-outcome.js';

/** In-page sign-in (direct login, then the silent frame for member tokens), or the hosted login page. */
export function SignInPage() {
  const { _ } = useLingui();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { isMember } = useSession();
  const { login, loginWithRedirect } = useAuthActions();
  const finish = useAuthOutcome();
  const cartMemory = useCartMemory();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AuthOutcome>();

  if (isMember && !busy && outcome?.kind != 'done') return <Navigate to={returnTo} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    cartMemory.existingAccount(); // an account made earlier in this tab is not necessarily this one
    try {
      setOutcome(finish(await login({ email: email.trim(), password }), 'login', email.trim(), returnTo));
    } catch (error) {
      setOutcome(thrownProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const hosted = async () => {
    setBusy(true);
    try {
      await loginWithRedirect({ returnTo });
    } catch (error) {
      setOutcome(thrownProblem(error));
      setBusy(false);
    }
  };

  const problem = outcome?.kind == 'problem' ? outcome.problem : undefined;
  const errorFor = (field: string) => (problem?.field == field ? problem.message : undefined);

  return (
    <section className="page auth-page">
      <PageHeading>{_('signIn.heading')}</PageHeading>
      {params.get('passwordReset') && <Alert tone="success">{_('signIn.passwordChanged')}</Alert>}
      {params.get('secondStepExpired') && <Alert tone="error">{_('signIn.secondStepExpired')}</Alert>}
      {outcome?.kind == 'approval' && <ApprovalNotice />}
      {problem?.field == 'form' && <Alert tone="error">{problem.message}</Alert>}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <Field
          label={_('field.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errorFor('email')}
        />
        <Field
          label={_('field.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errorFor('password')}
        />
        <p className="form__aside">
          <Link to="/forgot-password">{_('signIn.forgot')}</Link>
        </p>
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {_('signIn.submit')}
        </button>
      </form>
      <div className="divider" role="separator">
        <span>{_('signIn.or')}</span>
      </div>
      <button type="button" className="button button--wide" onClick={() => void hosted()} disabled={busy}>
        {_('signIn.hosted')}
      </button>
      <AlternativeSignIn returnTo={returnTo} passkey />
      <p className="muted">
        <Rich id="signIn.newHere" components={{ 0: <Link to={authPageLink('/create-account', location)} /> }} />
      </p>
    </section>
  );
}
