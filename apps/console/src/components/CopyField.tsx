import { useState } from 'react';

/**
 * A value to pass on once (a new API key, a setup link): read-only, selected on focus, with Copy and Done
 * buttons and a polite status saying whether the browser let it be copied.
 */
export function CopyField({
  label,
  value,
  noun,
  onDone,
}: {
  label: string;
  value: string;
  /** What the value is, for the sentence when copying is refused ("select the key…"). */
  noun: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<string>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied(`The browser did not allow copying: select the ${noun} and copy it by hand.`);
    }
  }
  return (
    <>
      <label>
        {label}
        <input readOnly value={value} onFocus={(e) => e.target.select()} spellCheck={false} className="secret" />
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
    </>
  );
}
