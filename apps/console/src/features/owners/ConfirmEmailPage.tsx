import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useConfirmEmailChange, useEmailLink } from './api.js';

/**
 * The page of the link mailed to an owner's new address (`/console/confirm-email?token=`): it names the account
 * and the new address, and one press makes it the sign-in address. No session needed: the link proves the
 * address, and the change was asked for with the password.
 */
export function ConfirmEmailPage({ token, onConfirmed }: { token: string | null; onConfirmed: () => void }) {
  const link = useEmailLink(token);
  const confirm = useConfirmEmailChange();
  const unusable = !token
    ? 'This page needs the whole link, including the part after "?token=". Copy it again from the message.'
    : link.error?.message;
  if (confirm.isSuccess)
    return (
      <main className="narrow" id="main">
        <PageHeading>Email changed</PageHeading>
        <p role="status">You now sign in with {confirm.data.owner.email}.</p>
        <Link to="/">Open the console</Link>
      </main>
    );
  if (unusable)
    return (
      <main className="narrow" id="main">
        <PageHeading>This link cannot be used</PageHeading>
        <p role="alert">{unusable}</p>
        <p>
          <Link to="/sign-in">Sign in</Link>
        </p>
      </main>
    );
  if (!link.data)
    return (
      <p className="loading" role="status">
        Checking the link…
      </p>
    );
  return (
    <main className="narrow" id="main">
      <PageHeading>Confirm your new email</PageHeading>
      <dl className="account">
        <dt>Account</dt>
        <dd>{link.data.email}</dd>
        <dt>New email</dt>
        <dd>{link.data.newEmail}</dd>
      </dl>
      <p>Once confirmed, you sign in with the new address and {link.data.email} is told of the change.</p>
      <Notice error={confirm.error?.message} />
      <button
        type="button"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(token!, { onSuccess: onConfirmed })}
      >
        Confirm my new email
      </button>
    </main>
  );
}
