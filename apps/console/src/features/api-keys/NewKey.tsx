import { useState } from 'react';

/** The new key, shown once: a read-only field labelled "New API key" and a copy button. */
export function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('The browser did not allow copying: select the key and copy it by hand.');
    }
  }
  return (
    <section className="notice notice-success" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">Key "{name}" created</h2>
      <p>Copy it now: it is kept only as a hash and will not be shown again.</p>
      <label>
        New API key
        <input readOnly value={apiKey} onFocus={(e) => e.target.select()} spellCheck={false} className="secret" />
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
