/**
 * Push approval's approving side (issue #32): the sign-ins waiting for the signed-in member's approval,
 * polled while mounted, and the answers (approve with the number, deny, secure the account). The waiting
 * side is push-sign-in.ts (its own module, so a page that only approves does not carry it).
 */
import { factorsOf } from '@vitrine/sdk/mfa';
import type { ApprovalAnswer, PendingApproval } from '@vitrine/sdk/mfa';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from './hooks.js';
import { useMfaAuth } from './mfa.js';

export type { ApprovalAnswer, PendingApproval };

export interface PushApprovals {
  /** Waiting sign-ins, newest first (empty for a visitor). */
  pending: PendingApproval[];
  approve(transactionId: string, number: number): Promise<ApprovalAnswer>;
  deny(transactionId: string): Promise<ApprovalAnswer>;
  /** After a denial: ends the member's other sessions and any sign-in in its second step. */
  secureAccount(): Promise<{ endedSessions: number }>;
}

/** Lists the member's waiting sign-ins every `intervalMs` (default 3 s) while the component is mounted. */
export function usePushApprovals(options: { intervalMs?: number } = {}): PushApprovals {
  const auth = useMfaAuth();
  const { isMember } = useSession();
  const factors = useMemo(() => factorsOf(auth), [auth]);
  const [pending, setPending] = useState<PendingApproval[]>([]);
  const intervalMs = options.intervalMs ?? 3000;

  const refresh = useCallback(async () => {
    try {
      setPending((await factors.pendingApprovals()).transactions);
    } catch {
      // A failed poll keeps the last list; the next one tries again.
    }
  }, [factors]);

  useEffect(() => {
    if (!isMember) {
      setPending([]);
      return;
    }
    void refresh();
    const timer = setInterval(() => void refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [isMember, refresh, intervalMs]);

  return {
    pending,
    approve: (id, number) => factors.approve(id, number).finally(() => void refresh()),
    deny: (id) => factors.deny(id).finally(() => void refresh()),
    secureAccount: () => factors.secureAccount(),
  };
}
