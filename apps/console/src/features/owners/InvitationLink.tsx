import { useState } from 'react';
import type { OwnerInvitation } from '../../api/types.js';

/** The invitation just made: mailed to the invitee, and shown here to pass on another way. */
export function InvitationLink({ invitation, onDone }: { invitation: OwnerInvitation; onDone: () => void }) {
  const [copied, setCopied] = useState<string>();
  const { owner, setupUrl, expiresDate } = invitation;
  async function copy() {
    try {
      await navigator.clipboard.writeText(setupUrl);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('The browser did not allow copying: select the link and copy it by hand.');
    }
  }
  return (
    <section className="notice notice-success" aria-labelledby="invited-heading">
      <h2 id="invited-heading">
        {owner.email} invited as {owner.role}
      </h2>
      <p>
        We mailed them a one-time setup link. It works once, until {new Date(expiresDate).toLocaleString()}; you can
        also pass it on yourself.
      </p>
      <label>
        Setup link
        <input readOnly value={setupUrl} onFocus={(e) => e.target.select()} spellCheck={false} className="secret" />
      </label>
      <div className="actions">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status">{copied ?? ''}</p>
    </section>
  );
}
