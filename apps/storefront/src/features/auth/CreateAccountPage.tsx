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
import { MESSAGES } from './auth-errors.js';
import { authPageLink, safeReturnTo } from './return-to.js';
import { useCartMemory } from '../cart/use-cart-memory.js';
import { thrownProblem, useAuthOutcome } from './use-auth-outcome.js';
import type { AuthOutcome } from './use-auth-outcome.js';

const PASSWORD_MIN = 8;

export function CreateAccountPage() {
  const { _ } = useLingui();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { isMember } = useSession();
  const { register } = useAuthActions();
  const finish = useAuthOutcome();
  const cartMemory = useCartMemory();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AuthOutcome>();

  if (isMember && !busy && outcome?.kind != 'done') return <Navigate to={returnTo} replace />;

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = form.email.trim();
    if ([...form.password].length < PASSWORD_MIN) {
      setOutcome({ kind: 'problem', problem: { field: 'password', message: MESSAGES.weakPassword } });
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    const profile: Record<string, string> = {};
    if (form.firstName.trim()) profile.firstName = form.firstName.trim();
    if (form.lastName.trim()) profile.lastName = form.lastName.trim();
    // Told before the sign-in that may follow at once: the new member is not asked for a cart they cannot have.
    cartMemory.newAccount();
    try {
      const result = await register({
        email,
        password: form.password,
        ...(Object.keys(profile).length ? { profile } : {}),
      });
      const next = finish(result, 'register', email, returnTo);
      if (next.kind != 'done') cartMemory.existingAccount();
      setOutcome(next);
    } catch (error) {
      cartMemory.existingAccount();
      setOutcome(thrownProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const problem = outcome?.kind == 'problem' ? outcome.problem : undefined;
  const errorFor = (field: string) => (problem?.field == field ? problem.message : undefined);

  if (outcome?.kind == 'approval') {
    return (
      <section className="page auth-page">
        <PageHeading>{_('createAccount.created')}</PageHeading>
        <ApprovalNotice />
        <p>
          <Link to="/">{_('common.continueShopping')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page auth-page">
      <PageHeading>{_('createAccount.heading')}</PageHeading>
      {problem?.field == 'form' && <Alert tone="error">{problem.message}</Alert>}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <div className="form__row">
          <Field
            label={_('field.firstName')}
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
          <Field
            label={_('field.lastName')}
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <Field
          label={_('field.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          error={errorFor('email')}
        />
        <Field
          label={_('field.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          value={form.password}
          onChange={set('password')}
          error={errorFor('password')}
          hint={_('field.passwordHint', { min: PASSWORD_MIN })}
        />
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {_('createAccount.submit')}
        </button>
      </form>
      <AlternativeSignIn returnTo={returnTo} />
      <p className="muted">
        <Rich id="createAccount.haveAccount" components={{ 0: <Link to={authPageLink('/sign-in', location)} /> }} />
      </p>
    </section>
  );
}
