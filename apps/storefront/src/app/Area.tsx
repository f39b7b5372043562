import { useLingui } from '@lingui/react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { Skeleton } from '../components/Skeleton.js';

/** The areas of the shop; each has its catalog texts `area.<name>.loading` and `area.<name>.failed`. */
export type AreaName =
  | 'catalog'
  | 'product'
  | 'cart'
  | 'checkout'
  | 'confirmation'
  | 'signIn'
  | 'createAccount'
  | 'verify'
  | 'passwordReset'
  | 'account'
  | 'orderList'
  | 'order'
  | 'staticPage';

/** One area of the shop (catalog, cart, account…): its own error boundary and loading state. */
export function Area({ name, children }: { name: AreaName; children: ReactNode }) {
  const { _ } = useLingui();
  return (
    <ErrorBoundary area={name} message={_(`area.${name}.failed`)}>
      <Suspense fallback={<Skeleton lines={4} label={_(`area.${name}.loading`)} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
