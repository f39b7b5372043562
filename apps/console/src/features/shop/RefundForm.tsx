import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client.js';
import { Notice } from '../../components/Notice.js';
import { amountHint, formatMoney } from './money.js';
import { useRefundOrder } from './payments-api.js';
import { providerLabel } from './payment-words.js';
import {
  attemptFor,
  blankRefund,
  checkRefund,
  keptAfter,
  lostAnswerMessage,
  MAX_REFUND_REASON,
  refundOutcome,
  type RefundAttempt,
  type RefundDraft,
  type RefundRoom,
} from './refund-form.js';
import { shopMessage } from './shop-messages.js';

/**
 * Refund all that is left or a part, with an optional reason (owners only: the page does not show it to others).
 * The form is checked first (refund-form.ts), then a dialog names the amount; "Yes, refund …" sends it once with
 * the attempt's idempotency key, so a double click or a retry after a lost answer refunds once.
 */
export function RefundForm({
  siteId,
  orderId,
  orderNumber,
  currency,
  room,
}: {
  siteId: string;
  orderId: string;
  orderNumber: string;
  currency: string;
  room: RefundRoom;
}) {
  const refund = useRefundOrder(siteId, orderId);
  const [draft, setDraft] = useState<RefundDraft>(blankRefund);
  const [mistake, setMistake] = useState<{ field: 'amount' | 'reason'; message: string }>();
  const [asking, setAsking] = useState<RefundAttempt>();
  const unanswered = useRef<RefundAttempt | undefined>(undefined);
  const sending = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const money = (minor: number) => formatMoney(minor, currency);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!asking && element.open) element.close();
  }, [asking]);

  const change = (patch: Partial<RefundDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setMistake(undefined);
  };
  const review = (e: FormEvent) => {
    e.preventDefault();
    refund.reset();
    const checked = checkRefund(draft, room.left, currency);
    if (!checked.ok) {
      setMistake(checked);
      document.getElementById(`refund-${checked.field}`)?.focus();
      return;
    }
    setAsking(attemptFor(unanswered.current, checked));
  };
  const send = async (attempt: RefundAttempt) => {
    if (sending.current) return; // a second click before the button is disabled: the same attempt is under way
    sending.current = true;
    try {
      await refund.mutateAsync(attempt);
      unanswered.current = undefined;
      setDraft(blankRefund);
      // The dialog closes (and the form may go: nothing left): focus goes to the section, whose notice says what happened.
      document.getElementById('refund-heading')?.focus();
    } catch (error) {
      unanswered.current = keptAfter(attempt, error as ApiError);
    } finally {
      sending.current = false;
      setAsking(undefined);
    }
  };

  const outcome = refund.data ? refundOutcome(refund.data.refund, currency) : {};
  const amountInvalid = mistake?.field === 'amount';
  if (room.left <= 0)
    return (
      <>
        <Notice error={outcome.error} success={outcome.success} />
        <p>
          {room.underWay > 0
            ? `${money(room.underWay)} is being refunded now; nothing more can be refunded.`
            : 'Everything paid has been refunded.'}
        </p>
      </>
    );
  return (
    <>
      <p>
        {`${money(room.left)} can be refunded through ${providerLabel(room.provider ?? '', null)}.`}
        {room.underWay > 0 && ` ${money(room.underWay)} is being refunded now.`}
      </p>
      <form className="form refund-form" onSubmit={review} noValidate aria-labelledby="refund-heading">
        <fieldset>
          <legend>How much</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="refund-choice"
              checked={draft.choice === 'all'}
              onChange={() => change({ choice: 'all' })}
            />
            {`Everything left (${money(room.left)})`}
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="refund-choice"
              checked={draft.choice === 'part'}
              onChange={() => change({ choice: 'part' })}
            />
            Part of it
          </label>
          {draft.choice === 'part' && (
            <>
              <label>
                {`Amount to refund (${amountHint(currency)})`}
                <input
                  id="refund-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.amount}
                  aria-invalid={amountInvalid || undefined}
                  aria-describedby={amountInvalid ? 'refund-mistake refund-amount-help' : 'refund-amount-help'}
                  onChange={(e) => change({ amount: e.target.value })}
                />
              </label>
              <p id="refund-amount-help" className="help">{`At most ${money(room.left)}.`}</p>
            </>
          )}
        </fieldset>
        <label>
          Reason (optional)
          <textarea
            id="refund-reason"
            rows={2}
            maxLength={MAX_REFUND_REASON}
            value={draft.reason}
            aria-invalid={mistake?.field === 'reason' || undefined}
            aria-describedby="refund-reason-help"
            onChange={(e) => change({ reason: e.target.value })}
          />
        </label>
        <p id="refund-reason-help" className="help">
          Kept in the order’s history and told to the shopper in their mail.
        </p>
        {mistake && (
          <p id="refund-mistake" role="alert" className="notice notice-error">
            {mistake.message}
          </p>
        )}
        <Notice
          error={outcome.error ?? lostAnswerMessage(refund.error) ?? shopMessage(refund.error)}
          success={outcome.success}
        />
        <div className="actions">
          <button type="submit" className="danger" disabled={refund.isPending} aria-haspopup="dialog">
            Refund…
          </button>
        </div>
      </form>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="refund-question"
        aria-describedby="refund-consequence"
        onClose={() => setAsking(undefined)}
      >
        {asking && (
          <>
            <h2 id="refund-question">{`Refund ${money(asking.amount)} of order ${orderNumber}?`}</h2>
            <p id="refund-consequence">
              {`The money goes back to the shopper through ${providerLabel(room.provider ?? '', null)}, and they are emailed`}
              {asking.reason ? ' with your reason' : ''}. A refund cannot be undone.
            </p>
            <div className="dialog-actions">
              <button type="button" ref={cancel} className="secondary" onClick={() => setAsking(undefined)}>
                Cancel
              </button>
              <button type="button" className="danger" disabled={refund.isPending} onClick={() => void send(asking)}>
                {`Yes, refund ${money(asking.amount)}`}
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
