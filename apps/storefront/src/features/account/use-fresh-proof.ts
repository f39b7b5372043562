/**
 * Sensitive account changes (factors, connecting or disconnecting a provider) need a sign-in of the last 10 minutes or
 * the current password (REAUTHENTICATION_REQUIRED otherwise). This runs a change, and when the server
 * asks for the password, keeps the change waiting until the member typed it, then runs it again.
 */
import { useState } from 'react';
import { REAUTHENTICATION_REQUIRED, WRONG_PASSWORD } from '../../app/error-codes.js';

export interface Proof {
  currentPassword?: string;
}

const needsPassword = (error: unknown) => (error as { code?: unknown })?.code == REAUTHENTICATION_REQUIRED;
const wrongPassword = (error: unknown) => String((error as { code?: unknown })?.code) == WRONG_PASSWORD;

export function useFreshProof() {
  const [waiting, setWaiting] = useState<(proof: Proof) => Promise<void>>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const attempt = async (change: (proof: Proof) => Promise<void>, proof: Proof = {}) => {
    setBusy(true);
    setError(undefined);
    try {
      await change(proof);
      setWaiting(undefined);
    } catch (e) {
      if (needsPassword(e) || wrongPassword(e)) setWaiting(() => change);
      if (!needsPassword(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    error,
    /** The change waits for the current password (shown as a prompt). */
    waiting: !!waiting,
    wrongPassword: wrongPassword(error),
    run: (change: (proof: Proof) => Promise<void>) => attempt(change),
    confirm: (currentPassword: string) => (waiting ? attempt(waiting, { currentPassword }) : Promise.resolve()),
    cancel: () => setWaiting(undefined),
    clearError: () => setError(undefined),
  };
}
