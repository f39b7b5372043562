import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/client.js';
import type { Owner, OwnerInvitation, OwnerRole } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ROLE_SUMMARY } from '../auth/roles.js';
import { InvitationLink } from './InvitationLink.js';

const ROLES: OwnerRole[] = ['owner', 'editor', 'support'];

/**
 * The people who run the shop: invite an owner, editor or support person (a one-time setup link, mailed
 * to them and shown here), and remove one (their sessions end at once). Only the `owner` role sees this.
 */
export function OwnersPage({ me }: { me: Owner }) {
  const [owners, setOwners] = useState<Owner[]>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OwnerRole>('editor');
  const [invited, setInvited] = useState<OwnerInvitation>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  const load = useCallback(async () => {
    try {
      setOwners((await api<{ owners: Owner[] }>('GET', '/_admin/v1/owners')).owners);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function invite(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      setInvited(await api<OwnerInvitation>('POST', '/_admin/v1/owners', { email, role }));
      setEmail('');
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove(owner: Owner) {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await api('DELETE', `/_admin/v1/owners/${encodeURIComponent(owner.id)}`);
      // The table first, then the message: "Removed" never stands beside their row (as on the other pages).
      await load();
      setSuccess(`Removed ${owner.email}: their sessions ended and their links stopped working.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading>Owners</PageHeading>
      <p className="help">
        People who run the shop in this console. Each has a role: <b>owner</b>, {ROLE_SUMMARY.owner}; <b>editor</b>,{' '}
        {ROLE_SUMMARY.editor}; <b>support</b>, {ROLE_SUMMARY.support}.
      </p>
      <form className="toolbar" onSubmit={invite} aria-label="Invite someone">
        <label>
          Email
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as OwnerRole)}>
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
      {invited && <InvitationLink invitation={invited} onDone={() => setInvited(undefined)} />}
      <Notice error={error} success={success} />
      {!owners && !error && <p role="status">Loading owners…</p>}
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
                        onConfirm={() => remove(o)}
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
