import type { OwnerInvitation } from '../../api/types.js';
import { CopyField } from '../../components/CopyField.js';

/** The invitation just made: mailed to the invitee, and shown here to pass on another way. */
export function InvitationLink({ invitation, onDone }: { invitation: OwnerInvitation; onDone: () => void }) {
  const { owner, setupUrl, expiresDate } = invitation;
  return (
    <section className="notice notice-success" aria-labelledby="invited-heading">
      <h2 id="invited-heading">
        {owner.email} invited as {owner.role}
      </h2>
      <p>
        We mailed them a one-time setup link. It works once, until {new Date(expiresDate).toLocaleString()}; you can
        also pass it on yourself.
      </p>
      <CopyField label="Setup link" value={setupUrl} noun="link" onDone={onDone} />
    </section>
  );
}
