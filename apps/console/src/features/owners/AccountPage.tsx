import type { Session } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { useRequestEmailChange } from './api.js';

/**
 * Your account (any role): the address you sign in with, and changing it. The change is asked for with the
 * password (and a code when two-factor is on) and takes effect only when the link mailed to the new address is
 * opened; the old address is told then. Two-factor itself is under Settings.
 */
export function AccountPage({ session }: { session: Session }) {
  const change = useRequestEmailChange();
  const twoFactor = session.owner.twoFactor;
  const form = useForm({ newEmail: '', password: '', code: '' }, change);
  const submit = form.onSubmit(({ newEmail, password, code }) =>
    change.mutate(
      { newEmail: newEmail.trim(), password, ...(twoFactor ? { code: code.trim() } : {}) },
      { onSuccess: () => form.reset() },
    ),
  );
  const error = change.error?.status === 429 ? 'Too many requests. Wait a while and try again.' : form.error;
  const sent = change.isSuccess
    ? `A confirmation link is on its way to ${change.data.pendingEmail}. Open it within 24 hours; until then you sign in with ${session.owner.email}.`
    : undefined;
  return (
    <>
      <PageHeading>Your account</PageHeading>
      <section aria-labelledby="email-heading" className="narrow-section">
        <h2 id="email-heading">Your email</h2>
        <dl className="facts">
          <dt>Signs in as</dt>
          <dd>{session.owner.email}</dd>
          <dt>Role</dt>
          <dd>{session.owner.role}</dd>
        </dl>
        <form onSubmit={submit} className="form" aria-labelledby="change-email-heading">
          <h3 id="change-email-heading">Change your email</h3>
          <p>
            We mail a link to the new address; it becomes your sign-in address when you open it, and{' '}
            {session.owner.email} is told.
          </p>
          <label>
            New email
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              {...form.field('newEmail')}
            />
          </label>
          <label>
            Current password
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              {...form.field('password')}
            />
          </label>
          {twoFactor && (
            <label>
              Authentication code
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                pattern="[0-9 ]{6,8}"
                {...form.field('code')}
              />
            </label>
          )}
          <Notice error={error} success={sent} />
          <button type="submit" disabled={form.busy}>
            Mail me a confirmation link
          </button>
        </form>
      </section>
    </>
  );
}
