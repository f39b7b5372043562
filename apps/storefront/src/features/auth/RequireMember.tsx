import { useSession } from '@vitrine/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../app/router/index.js';

/** Member-only pages: visitors go to sign-in and come back here afterwards. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { isMember } = useSession();
  const location = useLocation();
  if (!isMember) {
    const returnTo = location.pathname + location.search;
    return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return <>{children}</>;
}
