import { lastChange } from '../../api/query.js';
import type { Owner, OwnerRole } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useForm } from '../../forms/use-form.js';
import { ROLE_SUMMARY } from '../auth/roles.js';
import { useInviteOwner, useOwners, useRemoveOwner } from './api.js';
import { InvitationLink } from './InvitationLink.js';

const ROLES: OwnerRole[] = ['owner', 'editor', 'support'];

/**
 * The people who run the shop: invite an owner, editor or support person (a one-time setup link, mailed
 * to them and shown here), and remove one (their sessions end at once). Only the `owner` role sees this.
 */
export function OwnersPage({ me }: { me: Owner }) {
  const { data: owners, error: loadError } = useOwners();
  const invite = useInviteOwner();
  const remove = useRemoveOwner();
  const form = useForm({ email: '', role: 'editor' }, invite);
  const submit = form.onSubmit(({ email, role }) =>
    invite.mutate({ email, role: role as OwnerRole }, { onSuccess: () => form.set('email', '') }),
  );
  const last = lastChange(invite, remove);
  const busy = invite.isPending || remove.isPending;
  const error = last.error?.message ?? loadError?.message;
  const success =
    last === remove && remove.isSuccess
      ? `Removed ${remove.variables.email}: their sessions ended and their links stopped working.`
      : undefined;

  return (
    <>
      <PageHeading>Owners</PageHeading>
      <p className="help">
        People who run the shop in this console. Each has a role: <b>owner</b>, {ROLE_SUMMARY.owner}; <b>editor</b>,{' '}
        {ROLE_SUMMARY.editor}; <b>support</b>, {ROLE_SUMMARY.support}.
      </p>
      <form className="toolbar" onSubmit={submit} aria-label="Invite someone">
        <label>
          Email
          <input type="email" required {...form.field('email')} autoComplete="off" />
        </label>
        <label>
          Role
          <select {...form.field('role')}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Invite
        </button>
      </form>
      {invite.data && <InvitationLink invitation={invite.data} onDone={() => invite.reset()} />}
      <Notice error={error} success={success} />
      {!owners && !loadError && <p role="status">Loading owners…</p>}
      {owners && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {owners.map((o) => (
                <tr key={o.id}>
                  <td data-label="Email">{o.email}</td>
                  <td data-label="Role">{o.role}</td>
                  <td data-label="Status">
                    {o.passwordSet ? (o.twoFactor ? 'active, two-factor on' : 'active') : 'invited, no password yet'}
                  </td>
                  <td data-label="Actions">
                    {o.id === me.id ? (
                      <span className="help">you</span>
                    ) : (
                      <ConfirmButton
                        label="Remove"
                        ariaLabel={`Remove ${o.email}`}
                        question={`Remove ${o.email}?`}
                        consequence="They are signed out of the console at once and can no longer sign in; an unused setup link stops working. To give them access again, invite them again."
                        confirmLabel="Yes, remove"
                        disabled={busy}
                        onConfirm={() => remove.mutateAsync(o)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
