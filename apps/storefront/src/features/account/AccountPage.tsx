import { useLingui } from '@lingui/react';
import { useMember } from '@vitrine/react';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { AccountNav } from './AccountNav.js';
import { AddressesEditor } from './AddressesEditor.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { DownloadMyData } from './DownloadMyData.js';
import { ProfileForm } from './ProfileForm.js';

/** Account area, section "Account info": email, names, addresses, password. Orders is its sibling. */
export function AccountPage() {
  return (
    <RequireMember>
      <AccountInfo />
    </RequireMember>
  );
}

function AccountInfo() {
  const { _ } = useLingui();
  const member = useMember();
  return (
    <section className="page account-page">
      <PageHeading>{_('account.heading')}</PageHeading>
      <AccountNav />
      {member.status == 'error' && !member.data ? (
        <Alert tone="error" title={_('account.loadFailed')}>
          <button type="button" className="button" onClick={() => void member.refetch()}>
            {_('common.tryAgain')}
          </button>
        </Alert>
      ) : !member.data ? (
        <Skeleton lines={5} label={_('account.loading')} />
      ) : (
        <>
          <dl className="account-summary">
            <div>
              <dt>{_('field.email')}</dt>
              <dd>{member.data.loginEmail}</dd>
            </div>
          </dl>
          <div className="account-sections">
            <ProfileForm member={member} />
            <AddressesEditor member={member} />
            <ChangePasswordForm />
            <DownloadMyData />
          </div>
        </>
      )}
    </section>
  );
}
