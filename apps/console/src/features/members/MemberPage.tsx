import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { statusLabel } from './MembersPage.js';
import type { MemberStatus } from './use-members.js';

interface MemberDetail {
  member: { id: string; email: string; status: MemberStatus; emailVerified: boolean; approved: boolean; createdDate: string; updatedDate: string; profile: Record<string, unknown> };
  sessions: { clientId: string; createdDate: string; lastUsedDate: string }[];
}

type Action = 'approve' | 'block' | 'unblock' | 'end-sessions' | 'send-password-reset';
const DONE: Record<Action, string> = {
  approve: 'Approved: the member can sign in now.',
  block: 'Blocked: every session of the member has ended.',
  unblock: 'Unblocked.',
  'end-sessions': 'Every session of the member has ended.',
  'send-password-reset': 'A password reset link is on its way to the member.',
};

/** One member: details, open sessions, and the actions support can take (each takes effect at once). */
export function MemberPage({ siteId, memberId }: { siteId: string; memberId: string }) {
  const [detail, setDetail] = useState<MemberDetail>();
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setDetail(await api<MemberDetail>('GET', `/_admin/v1/members/${encodeURIComponent(memberId)}?siteId=${encodeURIComponent(siteId)}`));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [siteId, memberId]);
  useEffect(() => void load(), [load]);

  async function act(action: Action) {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await api('POST', `/_admin/v1/members/${encodeURIComponent(memberId)}/${action}`, { siteId });
      setSuccess(DONE[action]);
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
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
  const { member, sessions } = detail;
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
        <dt>Open sessions</dt>
        <dd>{sessions.length}</dd>
      </dl>
      <div className="actions">
        {member.status === 'PENDING' && <button type="button" disabled={busy} onClick={() => act('approve')}>Approve</button>}
        {member.status !== 'BLOCKED' ? (
          <button type="button" className="danger" disabled={busy} onClick={() => act('block')}>Block</button>
        ) : (
          <button type="button" disabled={busy} onClick={() => act('unblock')}>Unblock</button>
        )}
        <button type="button" disabled={busy || sessions.length === 0} onClick={() => act('end-sessions')}>End sessions</button>
        <button type="button" disabled={busy || member.status === 'BLOCKED'} onClick={() => act('send-password-reset')}>Send password reset</button>
      </div>
      <Notice error={error} success={success} />
      {sessions.length > 0 && (
        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sessions</h2>
          <ul>
            {sessions.map((s, i) => (
              <li key={i}>
                {s.clientId}: signed in {new Date(s.createdDate).toLocaleString()}, last seen {new Date(s.lastUsedDate).toLocaleString()}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
