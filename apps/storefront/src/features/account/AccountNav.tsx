import { NavLink } from '../../app/router/index.js';
import { useLingui } from '../../i18n/index.js';
import './account-nav.css';
import { PushApprovalPrompt } from './PushApprovalPrompt.js';

/** The account area's sections, and above them any sign-in waiting for the member's approval. */
export function AccountNav() {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  return (
    <>
      <PushApprovalPrompt />
      <nav className="account-nav" aria-label={t('accountNav.label', 'Account sections')}>
        <NavLink to="/account" end>
          {t('accountNav.info', 'Account info')}
        </NavLink>
        <NavLink to="/account/security">{t('accountNav.security', 'Security')}</NavLink>
        <NavLink to="/account/sign-in-methods">{t('accountNav.signInMethods', 'Sign-in methods')}</NavLink>
      </nav>
    </>
  );
}
