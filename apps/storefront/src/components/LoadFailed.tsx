import { useLingui } from '@lingui/react';
import { Alert } from './Alert.js';

/**
 * What a part of a page shows when its data could not be read (the server or the network failed): the failure
 * in words and a button that reads it again, never a placeholder that waits for good.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { _ } = useLingui();
  return (
    <Alert tone="error" title={message}>
      <button type="button" className="button" onClick={onRetry}>
        {_('common.tryAgain')}
      </button>
    </Alert>
  );
}
