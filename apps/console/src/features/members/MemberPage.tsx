import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import type { MemberDetail } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { statusLabel } from './MembersPage.js';
import { MemberSessions, SignInMethodsSection } from './MemberSections.js';

type Action =
  | 'approve'
  | 'block'
  | 'unblock'
  | 'end-sessions'
  | 'send-password-reset'
  | 'resend-verification'
  | 'unlock-second-factor';
const DONE: Record<Action, string> = {
  approve: 'Approved: the member can sign in now.',
  block: 'Blocked: every session of the member has ended.',
  unblock: 'Unblocked.',
  'end-sessions': 'Every session of the member has ended.',
  'send-password-reset': 'A password reset link is on its way to the member.',
  'resend-verification': 'A new verification code is on its way to the member.',
  'unlock-second-factor': 'Unlocked: the member can answer the second step again.',
};

/** One member: details, open sessions, and the actions support can take (each takes effect at once). */
export function MemberPage({ siteId, memberId }: { siteId: string; memberId: string }) {
  const [detail, setDetail] = useState<MemberDetail>();
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const load = useCallback(async () => {
    try {
      setDetail(
        await api<MemberDetail>(
          'GET',
          `/_admin/v1/members/${encodeURIComponent(memberId)}?siteId=${encodeURIComponent(siteId)}`,
        ),
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }, [siteId, memberId]);
  useEffect(() => void load(), [load]);

  /** The member's data as one JSON file (the same file the member downloads from their account). */
  async function downloadData() {
    setBusy(true);
    setError(undefined);
    try {
      const data = await api<unknown>(
        'GET',
        `/_admin/v1/members/${encodeURIComponent(memberId)}/data?siteId=${encodeURIComponent(siteId)}`,
      );
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `member-${memberId}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function act(action: Action) {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await api('POST', `/_admin/v1/members/${encodeURIComponent(memberId)}/${action}`, { siteId });
      await load();
      setSuccess(DONE[action]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function removeFactor(factorId: string) {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await api(
        'DELETE',
        `/_admin/v1/members/${encodeURIComponent(memberId)}/factors/${encodeURIComponent(factorId)}?siteId=${encodeURIComponent(siteId)}`,
      );
      await load();
      setSuccess('The second factor was removed; the member was told by mail.');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', `/_admin/v1/members/${encodeURIComponent(memberId)}?siteId=${encodeURIComponent(siteId)}`);
      setDeleted(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (deleted) {
    return (
      <>
        <p>
          <Link to="/members">All members</Link>
        </p>
        <PageHeading>Member deleted</PageHeading>
        <p role="status">
          The member is deleted: their personal data is removed and every session has ended. Their items stay, owned by
          nobody.
        </p>
      </>
    );
  }
  if (!detail) {
    return (
      <>
        <p>
          <Link to="/members">All members</Link>
        </p>
        {error ? <Notice error={error} /> : <p role="status">Loading member…</p>}
      </>
    );
  }
  const { member, sessions, signInMethods } = detail;
  return (
    <>
      <p>
        <Link to="/members">All members</Link>
      </p>
      <PageHeading>{member.email}</PageHeading>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{statusLabel[member.status]}</dd>
        <dt>Email verified</dt>
        <dd>{member.emailVerified ? 'Yes' : 'No'}</dd>
        <dt>Created</dt>
        <dd>{new Date(member.createdDate).toLocaleString()}</dd>
        <dt>Last sign-in</dt>
        <dd>{member.lastSignInDate ? new Date(member.lastSignInDate).toLocaleString() : 'Not in the last 180 days'}</dd>
        <dt>Open sessions</dt>
        <dd>{sessions.length}</dd>
        {signInMethods.secondFactorLock.locked && (
          <>
            <dt>Second step</dt>
            <dd>
              Locked after {signInMethods.secondFactorLock.failuresInARow} wrong codes in a row
              {signInMethods.secondFactorLock.lockedDate &&
                ` (${new Date(signInMethods.secondFactorLock.lockedDate).toLocaleString()})`}
              . A password reset unlocks it too.
            </dd>
          </>
        )}
      </dl>
      <div className="actions">
        {member.status === 'PENDING' && (
          <button type="button" disabled={busy} onClick={() => act('approve')}>
            Approve
          </button>
        )}
        {member.status !== 'BLOCKED' ? (
          <ConfirmButton
            label="Block"
            question={`Block ${member.email}?`}
            consequence="They are signed out everywhere at once and cannot sign in or register again with this address until you unblock them. Their data stays."
            confirmLabel="Yes, block"
            disabled={busy}
            onConfirm={() => act('block')}
          />
        ) : (
          <button type="button" disabled={busy} onClick={() => act('unblock')}>
            Unblock
          </button>
        )}
        <button type="button" disabled={busy || sessions.length === 0} onClick={() => act('end-sessions')}>
          End sessions
        </button>
        <button type="button" disabled={busy || member.status === 'BLOCKED'} onClick={() => act('send-password-reset')}>
          Send password reset
        </button>
        {signInMethods.secondFactorLock.locked && (
          <button type="button" disabled={busy} onClick={() => act('unlock-second-factor')}>
            Unlock second step
          </button>
        )}
        {!member.emailVerified && (
          <button
            type="button"
            disabled={busy || member.status === 'BLOCKED'}
            onClick={() => act('resend-verification')}
          >
            Resend verification
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => void downloadData()}>
          Download data
        </button>
        <ConfirmButton
          label="Delete member"
          question={`Delete ${member.email}?`}
          consequence="Their personal data is removed and their sessions end; their items stay, owned by nobody. This cannot be undone."
          confirmLabel="Yes, delete member"
          disabled={busy}
          onConfirm={remove}
        />
      </div>
      <Notice error={error} success={success} />
      <MemberSessions sessions={sessions} />
      <SignInMethodsSection methods={signInMethods} busy={busy} onRemoveFactor={removeFactor} />
    </>
  );
}
