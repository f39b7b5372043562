import { useMemo } from 'react';
import { useLingui } from '../../i18n/index.js';

/** Recovery codes, shown once: a list, a download as a text file, and a button to put them away. */
export function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose(): void }) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(codes.join('\n') + '\n')}`, [codes]);
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title">{t('security.recoveryTitle', 'Your recovery codes')}</h3>
      <p>
        {t(
          'security.recoveryHelp',
          'Each code signs you in once if you lose your phone or passkey. Save them somewhere safe: they are shown only now.',
        )}
      </p>
      <ul className="recovery-codes__list" aria-label={t('security.recoveryTitle', 'Your recovery codes')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a className="button" href={href} download="recovery-codes.txt">
          {t('security.download', 'Download')}
        </a>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('security.saved', 'I have saved them')}
        </button>
      </div>
    </section>
  );
}
