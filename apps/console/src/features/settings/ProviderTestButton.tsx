import { useTestProvider } from './api.js';
import { CheckButton } from './CheckButton.js';

/** "Test connection": the server runs OpenID Connect discovery against the provider's issuer and says what it found. */
export function ProviderTestButton({ siteId, providerId }: { siteId: string; providerId: string }) {
  return (
    <CheckButton
      check={useTestProvider(siteId, providerId)}
      label="Test connection"
      busyLabel="Testing…"
      ariaLabel={`Test connection to ${providerId}`}
    />
  );
}
