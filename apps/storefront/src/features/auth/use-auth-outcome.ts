import type { LoginResult } from '@vitrine/react';
import { useNavigate } from '../../app/router/index.js';
import { describeFailure, MESSAGES } from './auth-errors.js';
import type { AuthProblem } from './auth-errors.js';
import { savePendingSecondStep } from './pending-second-step.js';
import { clearPendingVerification, savePendingVerification } from './pending-verification.js';

export type AuthOutcome = { kind: 'done' } | { kind: 'approval' } | { kind: 'problem'; problem: AuthProblem };

/**
 * What happens after login, registration or verification: signed in → back where the shopper was;
 * code needed → the verification page; second factor → the second-step page; waiting for approval or failed → shown by the form.
 */
export function useAuthOutcome() {
  const navigate = useNavigate();
  return (result: LoginResult, flow: 'login' | 'register' | 'verify', email: string, returnTo: string): AuthOutcome => {
    switch (result.loginState) {
      case 'SUCCESS':
        clearPendingVerification();
        navigate(returnTo, { replace: true });
        return { kind: 'done' };
      case 'EMAIL_VERIFICATION_REQUIRED':
        savePendingVerification({ email, result, returnTo });
        navigate('/verify');
        return { kind: 'done' };
      case 'MFA_REQUIRED':
        // The second factor has a page of its own (reloadable); the stateToken lives 10 minutes.
        savePendingSecondStep({ result, returnTo });
        navigate('/sign-in/second-step');
        return { kind: 'done' };
      case 'OWNER_APPROVAL_REQUIRED':
        clearPendingVerification();
        return { kind: 'approval' };
      default:
        return { kind: 'problem', problem: describeFailure(result, flow) };
    }
  };
}

/** A thrown error (the silent frame failed, no network) as a form-level problem. */
export function thrownProblem(error: unknown): AuthOutcome {
  const offline = error instanceof TypeError || /network|fetch/i.test(String((error as Error)?.message));
  return {
    kind: 'problem',
    problem: { field: 'form', message: offline ? MESSAGES.networkError : MESSAGES.sessionStart },
  };
}
