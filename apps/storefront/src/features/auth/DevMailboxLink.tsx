import { Rich } from '../../i18n/Rich.js';
import { useRuntimeConfig } from '../../config/config-context.js';

/** Development only: where the verification codes and reset links arrive. */
export function DevMailboxLink({ email }: { email?: string }) {
  const { devMailbox, apiBaseUrl } = useRuntimeConfig();
  if (!devMailbox) return null;
  const href = `${apiBaseUrl}/_dev/mail${email ? `?to=${encodeURIComponent(email)}` : ''}`;
  return (
    <p className="dev-note">
      <Rich id="devMailbox.note" components={{ 0: <a href={href} target="_blank" rel="noreferrer" /> }} />
    </p>
  );
}
