import { Alert } from '../../components/Alert.js';
import { MESSAGES } from './auth-errors.js';

export function ApprovalNotice() {
  return (
    <Alert tone="info" title="Waiting for approval">
      {MESSAGES.ownerApproval}
    </Alert>
  );
}
