import { useMember } from '@vitrine/react';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { AddressesEditor } from './AddressesEditor.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
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
  const member = useMember();
  return (
    <section className="page account-page">
      <PageHeading>Account info</PageHeading>
      {member.status == 'error' && !member.data ? (
        <Alert tone="error" title="Your details could not be loaded.">
          <button type="button" className="button" onClick={() => void member.refetch()}>
            Try again
          </button>
        </Alert>
      ) : !member.data ? (
        <Skeleton lines={5} label="Loading your details…" />
      ) : (
        <>
          <dl className="account-summary">
            <div>
              <dt>Email</dt>
              <dd>{member.data.loginEmail}</dd>
            </div>
          </dl>
          <div className="account-sections">
            <ProfileForm member={member} />
            <AddressesEditor member={member} />
            <ChangePasswordForm />
          </div>
        </>
      )}
    </section>
  );
}
