import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { Skeleton } from '../components/Skeleton.js';

/** One area of the shop (catalog, cart, account…): its own error boundary and loading state. */
export function Area({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary area={name}>
      <Suspense fallback={<Skeleton lines={4} label={`Loading the ${name}…`} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
