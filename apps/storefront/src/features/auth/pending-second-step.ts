/**
 * A sign-in waiting for its second factor (MFA_REQUIRED). Kept in `sessionStorage`, so the second-step
 * page survives a reload; the stateToken in it is single-use and dies after 10 minutes anyway.
 */
import type { LoginResult } from '@vitrine/react';

export interface PendingSecondStep {
  result: LoginResult;
  returnTo: string;
}

const KEY = 'vitrine.pendingSecondStep';

export function savePendingSecondStep(pending: PendingSecondStep): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // No storage: the page below still has the state passed in memory until a reload.
  }
}

export function readPendingSecondStep(): PendingSecondStep | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingSecondStep) : null;
  } catch {
    return null;
  }
}

export function clearPendingSecondStep(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
