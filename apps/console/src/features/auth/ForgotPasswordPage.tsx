import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { usePasswordReset } from './api.js';

/**
 * "Forgot your password?": the server mails a one-time link (30 minutes) to an owner's address. The
 * answer is the same for any address, so the page cannot tell who is an owner, and neither can anyone else.
 */
export function ForgotPasswordPage() {
  const reset = usePasswordReset();
  const form = useForm({ email: '' }, reset);
  const submit = form.onSubmit(({ email }) => reset.mutate(email));
  const sentTo = reset.isSuccess ? reset.variables.trim() : undefined;
  const error = reset.error?.status === 429 ? 'Too many requests. Wait a few minutes and try again.' : form.error;

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
            <input type="email" name="email" autoComplete="username" required {...form.field('email')} />
          </label>
          <Notice error={error} />
          <button type="submit" disabled={form.busy}>
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
