import type { FactorsResult } from '@vitrine/react';
import { useLingui } from '../../i18n/index.js';
import type { Proof } from './use-fresh-proof.js';

/**
 * Account → Security, push approval (issue #32): this browser approves later sign-ins ("Is this you
 * signing in?" in the account area, PushApprovalPrompt); the other browsers that do are listed to remove.
 */
export function PushSection({
  factors,
  run,
  busy,
  onDone,
}: {
  factors: FactorsResult;
  run(change: (proof: Proof) => Promise<void>): Promise<void>;
  busy: boolean;
  onDone(message: string, recoveryCodes?: string[]): void;
}) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const browsers = (factors.data?.factors ?? []).filter((f) => f.factorType == 'PUSH');
  const here = browsers.find((f) => f.currentDevice);
  const others = browsers.filter((f) => !f.currentDevice);
  const remove = (factorId: string) =>
    void run(async (p) => {
      await factors.remove(factorId, p);
      onDone(t('security.pushRemoved', 'That browser no longer approves sign-ins.'));
    });

  return (
    <section className="security-card" aria-labelledby="push-title">
      <h2 id="push-title">{t('security.pushTitle', 'Push approval')}</h2>
      <p className="muted">
        {t(
          'security.pushHelp',
          'Approve your sign-ins from a browser where you are already signed in, by picking the number the sign-in page shows.',
        )}
      </p>
      <p className="security-card__row">
        <span>
          {here
            ? t('security.pushOn', 'On: this browser can approve your sign-ins.')
            : t('security.pushOff', 'Off for this browser')}
        </span>
        {here ? (
          <button type="button" className="button" disabled={busy} onClick={() => remove(here.factorId)}>
            {t('security.pushTurnOff', 'Turn off for this browser')}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void run(async (p) => {
                const r = await factors.addPush(p);
                onDone(t('security.pushAdded', 'This browser can now approve your sign-ins.'), r.recoveryCodes);
              })
            }
          >
            {t('security.pushTurnOn', 'Approve sign-ins from this browser')}
          </button>
        )}
      </p>
      {others.length > 0 && (
        <ul className="security-card__list" aria-label={t('security.pushOthers', 'Other browsers that approve')}>
          {others.map((f) => (
            <li key={f.factorId} className="security-card__row">
              <span>{f.name ?? t('security.pushBrowser', 'A browser')}</span>
              <button
                type="button"
                className="button"
                aria-label={t('security.removeNamed', 'Remove {name}', {
                  name: f.name ?? t('security.pushBrowser', 'A browser'),
                })}
                disabled={busy}
                onClick={() => remove(f.factorId)}
              >
                {t('security.remove', 'Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
