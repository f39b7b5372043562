/**
 * Push approval's waiting side (issue #32): a second step answered by approval on another signed-in
 * device. Its own module: only a second-step page loads it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginResult } from './client-types.js';
import { useSecondStep } from './mfa.js';

/** Where a push approval of the waiting side stands. */
export type PushSignInStatus = 'idle' | 'starting' | 'pending' | 'approved' | 'denied' | 'expired' | 'failed';

export interface PushSignIn {
  status: PushSignInStatus;
  /** While pending: the number to show, which the approving device picks among three. */
  matchNumber?: number;
  /** The last answer: SUCCESS once approved (the member is signed in), the FAILURE of a denial or an error. */
  result?: LoginResult;
  /** Asks the member's signed-in devices to approve this sign-in; polls until it is answered or expires. */
  start(): Promise<void>;
  /** Stops waiting (the transaction expires by itself on the server). */
  cancel(): void;
}

/**
 * The waiting side of push approval in a second step: `start()` creates the transaction (the number to
 * show comes back), then the approval is asked about every `intervalMs` (default 2 s) until the member
 * approves (SUCCESS: signed in, as after any second step), denies (the step is over) or it expires (ask
 * again or pick another factor). `rememberThisDevice` is read when the approval comes.
 */
export function usePushSignIn(options: {
  stateToken?: string;
  rememberThisDevice?: boolean;
  intervalMs?: number;
}): PushSignIn {
  const step = useSecondStep();
  const [state, setState] = useState<{ status: PushSignInStatus; matchNumber?: number; result?: LoginResult }>({
    status: 'idle',
  });
  const [transactionId, setTransactionId] = useState<string>();
  const latest = useRef(options);
  latest.current = options;
  const intervalMs = options.intervalMs ?? 2000;

  const settle = useCallback((result: LoginResult) => {
    setTransactionId(undefined);
    const pushData = result.data?.challenge?.verificationChallengeData?.pushData;
    if (result.loginState == 'SUCCESS') setState({ status: 'approved', result });
    else if (result.errorCode == 'PUSH_DENIED') setState({ status: 'denied', result });
    else if (result.loginState == 'MFA_REQUIRED' && (result.data?.failure == 'PUSH_EXPIRED' || !pushData))
      setState({ status: 'expired', result });
    else setState({ status: 'failed', result });
  }, []);

  useEffect(() => {
    if (!transactionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      const { stateToken, rememberThisDevice } = latest.current;
      let result: LoginResult;
      try {
        result = await step.checkPush({ transactionId, stateToken, rememberThisDevice });
      } catch (error) {
        result = { loginState: 'FAILURE', error: String(error) };
      }
      if (stopped) return;
      const pending = result.data?.challenge?.verificationChallengeData?.pushData?.status == 'PENDING';
      // A lost answer (offline, a busy server) is asked again; the server's own answers end the wait.
      if (pending || result.errorCode == 'networkError') timer = setTimeout(() => void ask(), intervalMs);
      else settle(result);
    };
    timer = setTimeout(() => void ask(), intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [transactionId, intervalMs, step, settle]);

  const start = useCallback(async () => {
    setState({ status: 'starting' });
    let result: LoginResult;
    try {
      result = await step.checkPush({ stateToken: latest.current.stateToken });
    } catch (error) {
      setState({ status: 'failed', result: { loginState: 'FAILURE', error: String(error) } });
      return;
    }
    const pushData = result.data?.challenge?.verificationChallengeData?.pushData;
    if (result.loginState == 'MFA_REQUIRED' && pushData?.status == 'PENDING') {
      setState({ status: 'pending', matchNumber: pushData.matchNumber, result });
      setTransactionId(pushData.transactionId);
    } else settle(result);
  }, [step, settle]);

  const cancel = useCallback(() => {
    setTransactionId(undefined);
    setState({ status: 'idle' });
  }, []);

  return { ...state, start, cancel };
}
