import { useSignInMethods } from '@vitrine/react';
import { useState } from 'react';
import { LAST_SIGN_IN_METHOD } from '../../app/error-codes.js';
import { useSearchParams } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LoadFailed } from '../../components/LoadFailed.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useFormat, useLingui } from '../../i18n/index.js';
import { RequireMember } from '../auth/RequireMember.js';
import { AccountNav } from './AccountNav.js';
import { ConfirmPassword } from './ConfirmPassword.js';
import { useFreshProof } from './use-fresh-proof.js';
import './security.css';

/** Account → Sign-in methods (issue #15): the shop's identity providers, each connected or not. */
export function SignInMethodsPage() {
  return (
    <RequireMember>
      <SignInMethods />
    </RequireMember>
  );
}

const RETURN_TO = '/account/sign-in-methods';

function SignInMethods() {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const [params] = useSearchParams();
  const methods = useSignInMethods();
  const format = useFormat();
  const proof = useFreshProof();
  const [notice, setNotice] = useState<string>();
  const connectedId = params.get('connected');
  const data = methods.data;
  const nameOf = (id: string | null) => data?.providers.find((p) => p.idpConnectionId == id)?.name ?? id ?? '';
  const lastWay = (proof.error as { code?: unknown } | undefined)?.code == LAST_SIGN_IN_METHOD;

  return (
    <section className="page account-page sign-in-methods-page">
      <PageHeading>{t('signInMethods.heading', 'Sign-in methods')}</PageHeading>
      <AccountNav />
      {connectedId && data && !notice && (
        <Alert tone="success">
          {t('signInMethods.connected', '{name} is connected. You can use it to sign in.', {
            name: nameOf(connectedId),
          })}
        </Alert>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {proof.error != null && !proof.wrongPassword && (
        <Alert tone="error">
          {lastWay
            ? t(
                'signInMethods.lastWay',
                'This is your only way to sign in. Set a password (use “Forgot password?” on the sign-in page) or connect another provider first.',
              )
            : (proof.error as Error).message || t('security.failed', 'That change did not work. Please try again.')}
        </Alert>
      )}
      {proof.waiting && (
        <ConfirmPassword
          busy={proof.busy}
          wrong={proof.wrongPassword}
          onConfirm={(p) => void proof.confirm(p)}
          onCancel={proof.cancel}
        />
      )}
      {!data ? (
        methods.status == 'error' ? (
          <LoadFailed
            message={t('signInMethods.loadFailed', 'Your sign-in methods could not be loaded.')}
            onRetry={() => void methods.refetch()}
          />
        ) : (
          <Skeleton lines={3} label={t('signInMethods.loading', 'Loading your sign-in methods…')} />
        )
      ) : (
        <div className="account-sections">
          <section className="security-card" aria-labelledby="password-title">
            <h2 id="password-title">{t('field.password', 'Password')}</h2>
            <p>
              {data.hasPassword
                ? t('signInMethods.passwordSet', 'You can sign in with your email and password.')
                : t(
                    'signInMethods.noPassword',
                    'No password set. Use “Forgot password?” on the sign-in page to set one.',
                  )}
            </p>
          </section>
          {data.providers.length == 0 ? (
            <p className="muted">{t('signInMethods.none', 'This shop offers no other sign-in providers.')}</p>
          ) : (
            <ul
              className="security-card security-card__list"
              aria-label={t('signInMethods.providers', 'Sign-in providers')}
            >
              {data.providers.map((p) => {
                const connection = data.connections.find((c) => c.idpConnection.idpConnectionId == p.idpConnectionId);
                const connected = !!connection;
                return (
                  <li key={p.idpConnectionId} className="security-card__row">
                    <span>
                      {connection?.connectedDate
                        ? // The date shows a link the member did not make (a provider joining by email, audit S-7).
                          t('signInMethods.connectedSince', '{name} — Connected on {date}', {
                            name: p.name,
                            date: format.date(connection.connectedDate),
                          })
                        : connected
                          ? t('signInMethods.isConnected', '{name} — Connected', { name: p.name })
                          : t('signInMethods.notConnected', '{name} — Not connected', { name: p.name })}
                    </span>
                    {connected ? (
                      <button
                        type="button"
                        className="button"
                        aria-label={t('signInMethods.disconnectNamed', 'Disconnect {name}', { name: p.name })}
                        disabled={proof.busy}
                        onClick={() =>
                          void proof.run(async (pr) => {
                            await methods.disconnect(p.idpConnectionId, pr);
                            setNotice(t('signInMethods.disconnected', '{name} is disconnected.', { name: p.name }));
                          })
                        }
                      >
                        {t('signInMethods.disconnect', 'Disconnect')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button"
                        aria-label={t('signInMethods.connectNamed', 'Connect {name}', { name: p.name })}
                        disabled={proof.busy}
                        onClick={() =>
                          void proof.run((pr) => methods.connect(p.idpConnectionId, { returnTo: RETURN_TO, ...pr }))
                        }
                      >
                        {t('signInMethods.connect', 'Connect')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
