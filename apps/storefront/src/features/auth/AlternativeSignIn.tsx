import { passkeysSupported, useSecondStep, useSsoProviders } from '@vitrine/react';
import { useState } from 'react';
import { useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { useLingui } from '../../i18n/index.js';
import './sign-in-options.css';

/**
 * The other ways in, under the password form of the sign-in and create-account pages: one
 * "Continue with {name}" button per identity provider of the shop (issue #15), and on the sign-in page
 * "Sign in with a passkey" (issue #14).
 */
export function AlternativeSignIn({ returnTo, passkey = false }: { returnTo: string; passkey?: boolean }) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const navigate = useNavigate();
  const providers = useSsoProviders();
  const step = useSecondStep();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const withPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await step.signInWithPasskey();
      if (result.loginState == 'SUCCESS') navigate(returnTo, { replace: true });
      else
        setError(
          t('signIn.passkeyRefused', 'This passkey is not known to the shop. Sign in with your email and password.'),
        );
    } catch {
      setError(
        t('signIn.passkeyCancelled', 'No passkey was used. Try again, or sign in with your email and password.'),
      );
    } finally {
      setBusy(false);
    }
  };

  const withProvider = async (idpConnectionId: string) => {
    setBusy(true);
    try {
      await providers.signInWith(idpConnectionId, { returnTo });
    } catch {
      setError(t('signIn.providerFailed', 'We could not start that sign-in. Please try again.'));
      setBusy(false);
    }
  };

  const list = providers.data ?? [];
  if (!list.length && !(passkey && passkeysSupported())) return null;
  return (
    <div className="sign-in-options">
      {error && <Alert tone="error">{error}</Alert>}
      {list.map((p) => (
        <button
          key={p.idpConnectionId}
          type="button"
          className="button button--wide"
          onClick={() => void withProvider(p.idpConnectionId)}
          disabled={busy}
        >
          {t('signIn.continueWith', 'Continue with {name}', { name: p.name })}
        </button>
      ))}
      {passkey && passkeysSupported() && (
        <button type="button" className="button button--wide" onClick={() => void withPasskey()} disabled={busy}>
          {t('signIn.withPasskey', 'Sign in with a passkey')}
        </button>
      )}
    </div>
  );
}
