import { useState } from 'react';

/** A signing secret, shown this once (the server keeps it sealed and never shows it again). */
export function SecretOnce({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret-once">
      <label>
        Signing secret
        <input className="secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <p className="help-block">
        Copy it now: it is not shown again. Verify deliveries with it (Standard Webhooks, e.g. the standardwebhooks
        package).
      </p>
      <button
        type="button"
        onClick={() => {
          navigator.clipboard.writeText(secret).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        Copy secret
      </button>
      {copied && <span role="status"> Copied.</span>}
    </div>
  );
}
