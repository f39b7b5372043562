/**
 * A login or registration waiting for its emailed code. Kept in `sessionStorage`, so the verification
 * page survives a reload (the SDK's own memory of the state would not).
 */
import type { LoginResult } from '@vitrine/react';

export interface PendingVerification {
  email: string;
  result: LoginResult;
  returnTo: string;
}

const KEY = 'vitrine.pendingVerification';

export function savePendingVerification(pending: PendingVerification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the in-memory state of the SDK still works without a reload.
  }
}

export function readPendingVerification(): PendingVerification | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingVerification) : null;
  } catch {
    return null;
  }
}

export function clearPendingVerification(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
