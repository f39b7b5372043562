import { passkeysSupported, useFactors } from '@vitrine/react';
import { useState } from 'react';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LoadFailed } from '../../components/LoadFailed.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useLingui } from '../../i18n/index.js';
import { RequireMember } from '../auth/RequireMember.js';
import { AccountNav } from './AccountNav.js';
import { ConfirmPassword } from './ConfirmPassword.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { PhoneSection } from './PhoneSection.js';
import { PushSection } from './PushSection.js';
import { TotpSetup } from './TotpSetup.js';
import { useFreshProof } from './use-fresh-proof.js';
import './security.css';

/** Account → Security (issues #14, #32): authenticator app, email codes, phone, push approval, passkeys, recovery codes. */
export function SecurityPage() {
  return (
    <RequireMember>
      <Security />
    </RequireMember>
  );
}

function Security() {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const factors = useFactors();
  const proof = useFreshProof();
  const [setup, setSetup] = useState<Awaited<ReturnType<typeof factors.addTotp>>>();
  const [codes, setCodes] = useState<string[]>();
  const [notice, setNotice] = useState<string>();

  const list = factors.data?.factors ?? [];
  const totp = list.find((f) => f.factorType == 'TOTP' && f.status == 'ACTIVE');
  const email = list.find((f) => f.factorType == 'EMAIL');
  const passkeys = list.filter((f) => f.factorType == 'WEBAUTHN');
  const done = (message: string, recoveryCodes?: string[]) => {
    setNotice(message);
    if (recoveryCodes) setCodes(recoveryCodes);
  };

  return (
    <section className="page account-page security-page">
      <PageHeading>{t('security.heading', 'Security')}</PageHeading>
      <AccountNav />
      {notice && <Alert tone="success">{notice}</Alert>}
      {proof.error != null && !proof.wrongPassword && (
        <Alert tone="error">
          {(proof.error as Error).message || t('security.failed', 'That change did not work. Please try again.')}
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
      {codes && <RecoveryCodes codes={codes} onClose={() => setCodes(undefined)} />}
      {!factors.data ? (
        factors.status == 'error' ? (
          <LoadFailed
            message={t('security.loadFailed', 'Your security settings could not be loaded.')}
            onRetry={() => void factors.refetch()}
          />
        ) : (
          <Skeleton lines={4} label={t('security.loading', 'Loading your security settings…')} />
        )
      ) : (
        <div className="account-sections">
          <section className="security-card" aria-labelledby="totp-title">
            <h2 id="totp-title">{t('security.totpTitle', 'Authenticator app')}</h2>
            {totp ? (
              <p className="security-card__row">
                <span>{t('security.totpOn', 'On: sign-ins ask for a code from your app.')}</span>
                <button
                  type="button"
                  className="button"
                  disabled={proof.busy}
                  onClick={() =>
                    void proof.run(async (p) => {
                      await factors.remove(totp.factorId, p);
                      done(t('security.totpRemoved', 'The authenticator app was removed.'));
                    })
                  }
                >
                  {t('security.remove', 'Remove')}
                </button>
              </p>
            ) : setup ? (
              <TotpSetup
                setup={setup}
                factors={factors}
                run={proof.run}
                onDone={(rc) => {
                  setSetup(undefined);
                  done(t('security.totpAdded', 'The authenticator app is on.'), rc);
                }}
              />
            ) : (
              <button
                type="button"
                className="button"
                disabled={proof.busy}
                onClick={() => void proof.run(async (p) => setSetup(await factors.addTotp(p)))}
              >
                {t('security.totpSetUp', 'Set up an authenticator app')}
              </button>
            )}
          </section>

          <section className="security-card" aria-labelledby="email-title">
            <h2 id="email-title">{t('security.emailTitle', 'Email codes')}</h2>
            <p className="security-card__row">
              <span>
                {email ? t('security.emailOn', 'On: we can email you a sign-in code.') : t('security.emailOff', 'Off')}
              </span>
              {email ? (
                <button
                  type="button"
                  className="button"
                  disabled={proof.busy}
                  onClick={() =>
                    void proof.run(async (p) => {
                      await factors.remove(email.factorId, p);
                      done(t('security.emailRemoved', 'Email codes are off.'));
                    })
                  }
                >
                  {t('security.turnOffEmail', 'Turn off email codes')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={proof.busy}
                  onClick={() =>
                    void proof.run(async (p) => {
                      const r = await factors.addEmail(p);
                      done(t('security.emailAdded', 'Email codes are on.'), r.recoveryCodes);
                    })
                  }
                >
                  {t('security.turnOnEmail', 'Turn on email codes')}
                </button>
              )}
            </p>
          </section>

          <PhoneSection factors={factors} run={proof.run} busy={proof.busy} onDone={done} />
          <PushSection factors={factors} run={proof.run} busy={proof.busy} onDone={done} />

          <section className="security-card" aria-labelledby="passkeys-title">
            <h2 id="passkeys-title">{t('security.passkeysTitle', 'Passkeys')}</h2>
            {passkeys.length > 0 && (
              <ul className="security-card__list" aria-labelledby="passkeys-title">
                {passkeys.map((k) => (
                  <li key={k.factorId} className="security-card__row">
                    <span>{k.name ?? t('security.passkey', 'Passkey')}</span>
                    <button
                      type="button"
                      className="button"
                      aria-label={t('security.removeNamed', 'Remove {name}', {
                        name: k.name ?? t('security.passkey', 'Passkey'),
                      })}
                      disabled={proof.busy}
                      onClick={() =>
                        void proof.run(async (p) => {
                          await factors.remove(k.factorId, p);
                          done(t('security.passkeyRemoved', 'The passkey was removed.'));
                        })
                      }
                    >
                      {t('security.remove', 'Remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {passkeysSupported() ? (
              <button
                type="button"
                className="button"
                disabled={proof.busy}
                onClick={() =>
                  void proof.run(async (p) => {
                    const r = await factors.addPasskey({ ...p, name: deviceName() });
                    done(t('security.passkeyAdded', 'The passkey was added.'), r.recoveryCodes);
                  })
                }
              >
                {t('security.addPasskey', 'Add a passkey')}
              </button>
            ) : (
              <p className="muted">{t('security.noPasskeys', 'This browser cannot use passkeys.')}</p>
            )}
          </section>

          {factors.data.factors.some((f) => f.status == 'ACTIVE') && (
            <section className="security-card" aria-labelledby="recovery-title">
              <h2 id="recovery-title">{t('security.recoveryCodes', 'Recovery codes')}</h2>
              <p className="security-card__row">
                <span>
                  {t('security.codesLeft', 'Unused recovery codes: {count}', { count: factors.data.recoveryCodesLeft })}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={proof.busy}
                  onClick={() =>
                    void proof.run(async (p) => {
                      const r = await factors.newRecoveryCodes(p);
                      done(
                        t('security.codesMade', 'New recovery codes were made; the old ones no longer work.'),
                        r.recoveryCodes,
                      );
                    })
                  }
                >
                  {t('security.newCodes', 'Make new recovery codes')}
                </button>
              </p>
            </section>
          )}
        </div>
      )}
    </section>
  );
}

/** A name the member recognises in the list: the browser and system of this device. */
function deviceName(): string {
  const ua = globalThis.navigator?.userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
