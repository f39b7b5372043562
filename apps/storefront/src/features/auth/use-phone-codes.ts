import type { LoginResult, SecondStep } from '@vitrine/react';
import { useEffect, useState } from 'react';

/** How a phone code travels: a text, a WhatsApp message (the SMS factor) or a call (the CALL factor). */
export type PhoneWay = 'SMS' | 'WHATSAPP' | 'CALL';

export type PhoneRefusal = 'tooSoon' | 'limit' | 'delivery' | 'other';

/**
 * Phone codes on the second step (issue #32): sends a code the way the member asked, remembers where it
 * went (the masked number) and when each way may send again, counting the seconds down for the page.
 * A refusal (too soon, a limit, the provider down) is returned, never thrown, so the page says it and
 * the member can pick another factor.
 */
export function usePhoneCodes(step: SecondStep, stateToken: string | undefined) {
  const [sent, setSent] = useState<Partial<Record<PhoneWay, true>>>({});
  const [hint, setHint] = useState<string>();
  const [resendAt, setResendAt] = useState<Partial<Record<PhoneWay, number>>>({});
  const [now, setNow] = useState(Date.now);

  const waiting = Object.values(resendAt).some((at) => at > now);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const waitFor = (way: PhoneWay, seconds: number) => {
    const at = Date.now() + seconds * 1000;
    setNow(Date.now());
    setResendAt((r) => ({ ...r, [way]: at }));
  };

  /** Sends a code: `undefined` once it went, else why not. */
  const send = async (way: PhoneWay): Promise<PhoneRefusal | undefined> => {
    const result: LoginResult = await step.sendPhoneCode({
      factorType: way == 'CALL' ? 'CALL' : 'SMS',
      ...(way == 'WHATSAPP' && { deliveryMethod: 'WHATSAPP' as const }),
      stateToken,
    });
    if (result.loginState == 'MFA_REQUIRED') {
      setSent((s) => ({ ...s, [way]: true }));
      setHint(result.data?.challenge?.verificationChallengeData?.hint ?? hint);
      waitFor(way, result.data?.challenge?.verificationChallengeData?.resendAfterSeconds ?? 60);
      return undefined;
    }
    if (result.errorCode == 'PHONE_RESEND_TOO_SOON') {
      waitFor(way, result.retryAfterSeconds ?? 60);
      return 'tooSoon';
    }
    return result.errorCode == 'PHONE_LIMIT_REACHED'
      ? 'limit'
      : result.errorCode == 'PHONE_DELIVERY_FAILED'
        ? 'delivery'
        : 'other';
  };

  /** Seconds before `way` may send again (0: now). */
  const secondsLeft = (way: PhoneWay) => Math.max(0, Math.ceil(((resendAt[way] ?? 0) - now) / 1000));

  return { sent, hint, send, secondsLeft };
}
