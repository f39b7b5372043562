import { useLingui } from '@lingui/react';
import { Alert } from '../../components/Alert.js';
import { MESSAGES } from './auth-errors.js';

export function ApprovalNotice() {
  const { _ } = useLingui();
  return (
    <Alert tone="info" title={_('auth.waitingForApproval')}>
      {MESSAGES.ownerApproval}
    </Alert>
  );
}
