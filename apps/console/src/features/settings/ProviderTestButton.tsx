import { useTestProvider } from './api.js';

/** "Test connection": the server runs OpenID Connect discovery against the provider's issuer and says what it found. */
export function ProviderTestButton({ siteId, providerId }: { siteId: string; providerId: string }) {
  const test = useTestProvider(siteId, providerId);
  const busy = test.isPending;
  const result = test.error ? { ok: false, message: test.error.message } : test.data;
  const run = () => test.mutate();
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
