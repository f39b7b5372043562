import { lastChange } from '../../api/query.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import {
  useDeleteMember,
  useMember,
  useMemberChange,
  useMemberData,
  type MemberAction,
  type MemberChange,
} from './api.js';
import { statusLabel } from './MembersPage.js';
import { MemberSessions, SignInMethodsSection } from './MemberSections.js';

const DONE: Record<MemberAction, string> = {
  approve: 'Approved: the member can sign in now.',
  block: 'Blocked: every session of the member has ended.',
  unblock: 'Unblocked.',
  'end-sessions': 'Every session of the member has ended.',
  'send-password-reset': 'A password reset link is on its way to the member.',
  'resend-verification': 'A new verification code is on its way to the member.',
  'unlock-second-factor': 'Unlocked: the member can answer the second step again.',
};
const done = (change: MemberChange) =>
  'action' in change ? DONE[change.action] : 'The second factor was removed; the member was told by mail.';

/** Hands a JSON document to the browser as a file download. */
function download(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One member: details, open sessions, and the actions support can take (each takes effect at once). */
export function MemberPage({ siteId, memberId }: { siteId: string; memberId: string }) {
  const remove = useDeleteMember(siteId, memberId);
  // Not read again once it is being deleted: the answer would be a 404 for a member this page knows is gone.
  const { data: detail, error: loadError } = useMember(siteId, memberId, !remove.isPending && !remove.isSuccess);
  const change = useMemberChange(siteId, memberId);
  const data = useMemberData(siteId, memberId);
  const last = lastChange(change, remove, data);
  const busy = change.isPending || remove.isPending || data.isPending;
  const error = (last.error ?? loadError)?.message;
  const success = last === change && change.isSuccess ? done(change.variables) : undefined;
  const deleted = remove.isSuccess;
  const act = (action: MemberAction) => change.mutate({ action });
  /** The member's data as one JSON file (the same file the member downloads from their account). */
  const downloadData = () => data.mutate(undefined, { onSuccess: (json) => download(json, `member-${memberId}.json`) });

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
            onConfirm={() => change.mutateAsync({ action: 'block' })}
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
        <button type="button" disabled={busy} onClick={downloadData}>
          Download data
        </button>
        <ConfirmButton
          label="Delete member"
          question={`Delete ${member.email}?`}
          consequence="Their personal data is removed and their sessions end; their items stay, owned by nobody. This cannot be undone."
          confirmLabel="Yes, delete member"
          disabled={busy}
          onConfirm={() => remove.mutateAsync()}
        />
      </div>
      <Notice error={error} success={success} />
      <MemberSessions sessions={sessions} />
      <SignInMethodsSection
        methods={signInMethods}
        busy={busy}
        onRemoveFactor={(factorId) => change.mutateAsync({ removeFactor: factorId })}
      />
    </>
  );
}
