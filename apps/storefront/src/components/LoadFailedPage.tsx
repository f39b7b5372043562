import { useLingui } from '@lingui/react';
import { Alert } from './Alert.js';
import { PageHeading } from './PageHeading.js';

/** A page whose data could not be read: its heading, what failed, and a button to read it again. */
export function LoadFailedPage({
  heading,
  message,
  onRetry,
}: {
  heading: string;
  message: string;
  onRetry: () => void;
}) {
  const { _ } = useLingui();
  return (
    <section className="page">
      <PageHeading>{heading}</PageHeading>
      <Alert tone="error" title={message}>
        <button type="button" className="button" onClick={onRetry}>
          {_('common.tryAgain')}
        </button>
      </Alert>
    </section>
  );
}
