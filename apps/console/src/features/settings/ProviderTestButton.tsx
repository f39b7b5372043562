import { useState } from 'react';
import { api } from '../../api/client.js';
import type { ProviderTest } from '../../api/types.js';

/** "Test connection": the server runs OpenID Connect discovery against the provider's issuer and says what it found. */
export function ProviderTestButton({ siteId, providerId }: { siteId: string; providerId: string }) {
  const [result, setResult] = useState<ProviderTest>();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    setResult(undefined);
    try {
      setResult(
        await api<ProviderTest>('POST', '/_admin/v1/site-settings/test-provider', {
          siteId,
          provider: { id: providerId },
        }),
      );
    } catch (e) {
      setResult({ ok: false, message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={run}
        disabled={busy}
        aria-label={`Test connection to ${providerId}`}
      >
        {busy ? 'Testing…' : 'Test connection'}
      </button>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'notice notice-success' : 'notice notice-error'}
        >
          {result.message}
        </p>
      )}
    </>
  );
}
